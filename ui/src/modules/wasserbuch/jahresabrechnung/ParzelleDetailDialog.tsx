import {
  Button,
  ButtonGroup,
  Content,
  Dialog,
  Divider,
  Heading,
  Link,
  Text,
  useDialogContainer,
  View,
} from '@adobe/react-spectrum';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { formatPercent } from '../../../../../src/platform/money';
import { formatPreis } from '../basisdaten/preis';
import { type AbrechnungZeile, verbrauchDetailsUrl, type Wasserabrechnung } from './api';
import { Differenz, euro, m3 } from './betrag';
import './jahresabrechnung.css';

const METHODE: Readonly<Record<Wasserabrechnung['schwundMethode'], string>> = {
  keine: 'keine (der Verein trägt den Schwund)',
  proportional: 'proportional zum eigenen Verbrauch',
  gleichverteilt: 'gleich verteilt auf die Parzellen',
};

/** The plot's loss share in words: whose meter, how much loss, which share and why. */
export function schwundErklaerung(abrechnung: Wasserabrechnung, zeile: AbrechnungZeile): string {
  const haupt =
    zeile.hauptwasserzaehlerId === null
      ? undefined
      : abrechnung.hauptwasserzaehler.find((h) => h.id === zeile.hauptwasserzaehlerId);
  if (!haupt)
    return 'Die Parzelle hängt an keinem Hauptwasserzähler: sie zahlt nur ihren eigenen Verbrauch, keinen Schwund.';
  const anzahl = abrechnung.zeilen.filter((z) => z.hauptwasserzaehlerId === haupt.id).length;
  const grund = `Hauptwasserzähler ${haupt.nummer} hat ${m3(haupt.verbrauch)} gemessen, seine ${anzahl} Parzellen zusammen ${m3(haupt.summeParzellen)}: Schwund ${m3(haupt.schwund)} (${formatPercent(haupt.schwundProzent, 2, { nbsp: false })}).`;
  switch (abrechnung.schwundMethode) {
    case 'keine':
      return `${grund} Schwundmethode „keine“: den Schwund trägt der Verein, die Parzelle zahlt keinen Anteil.`;
    case 'proportional': {
      const summe = Number(haupt.summeParzellen);
      const anteil = summe > 0 ? (Number(zeile.verbrauch) / summe) * 100 : 0;
      return `${grund} Proportional verteilt: Parzelle ${zeile.parzelleNummer} hat ${m3(zeile.verbrauch)} von ${m3(haupt.summeParzellen)} verbraucht (${formatPercent(anteil.toFixed(2), 2, { nbsp: false })}) und trägt so viel vom Schwund: ${m3(zeile.schwund)}.`;
    }
    case 'gleichverteilt':
      return `${grund} Gleich verteilt: ${m3(haupt.schwund)} geteilt durch ${anzahl} Parzellen, Parzelle ${zeile.parzelleNummer} trägt ${m3(zeile.schwund)}.`;
  }
}

/** The main meter's own readings, so its volume can be checked too ("HWZ-1: 12.340,000 m³ am … bis …"). */
export function hauptAblesungen(abrechnung: Wasserabrechnung, zeile: AbrechnungZeile): string[] {
  const haupt =
    zeile.hauptwasserzaehlerId === null
      ? undefined
      : abrechnung.hauptwasserzaehler.find((h) => h.id === zeile.hauptwasserzaehlerId);
  return (haupt?.zaehler ?? []).map(
    (z) =>
      `Hauptwasserzähler ${z.zaehlernummer}: ${m3(z.anfang.stand)} am ${formatGermanDate(z.anfang.datum)} bis ${m3(z.ende.stand)} am ${formatGermanDate(z.ende.datum)} = ${m3(z.verbrauch)}.`,
  );
}

/** The lines of the bill, each with its arithmetic, as a member would check them. */
export function rechenweg(zeile: AbrechnungZeile): { was: string; rechnung: string; betrag: string }[] {
  const preis = formatPreis(zeile.preisProM3);
  return [
    { was: 'Verbrauch', rechnung: `${m3(zeile.verbrauch)} × ${preis}`, betrag: euro(zeile.verbrauchCent) },
    { was: 'Schwund', rechnung: `Anteil ${m3(zeile.schwund)} × ${preis}`, betrag: euro(zeile.schwundCent) },
    { was: 'Grundgebühr', rechnung: 'je Parzelle', betrag: euro(zeile.grundgebuehrCent) },
    ...(zeile.korrekturCent !== 0
      ? [{ was: 'Korrektur', rechnung: zeile.korrekturGrund, betrag: euro(zeile.korrekturCent) }]
      : []),
    { was: 'Betrag', rechnung: 'Summe der Zeilen oben', betrag: euro(zeile.betragCent) },
    { was: 'Akonto', rechnung: 'bereits vorgeschrieben', betrag: euro(-zeile.akontoCent) },
  ];
}

export interface ParzelleDetailDialogProps {
  abrechnung: Wasserabrechnung;
  zeile: AbrechnungZeile;
  /** Offers "Korrektur" (stored, not booked, with the Edit right). */
  onKorrektur?: (() => void) | undefined;
}

/** Drill-down of one plot: the meter segments with their readings, the loss share and the bill spelled out. */
export function ParzelleDetailDialog({ abrechnung, zeile, onKorrektur }: ParzelleDetailDialogProps) {
  const { dismiss } = useDialogContainer();
  const title = `Parzelle ${zeile.parzelleNummer}${zeile.adresseName ? ` – ${zeile.adresseName}` : ''}`;
  return (
    <Dialog size="L">
      <Heading>{title}</Heading>
      <Divider />
      <Content>
        <Text>
          Zeitraum {formatGermanDate(abrechnung.von)} bis {formatGermanDate(abrechnung.stichtag)}, Schwundmethode{' '}
          {METHODE[abrechnung.schwundMethode]}.
        </Text>
        <Heading level={3}>Zähler und Ablesungen</Heading>
        {/* A plain table: it wraps long cells (a reading with its date) instead of cutting them. */}
        <table className="kgv-detail-tabelle" aria-label={`Zähler der Parzelle ${zeile.parzelleNummer}`}>
          <thead>
            <tr>
              <th scope="col">Zähler</th>
              <th scope="col">Anfang</th>
              <th scope="col">Ende</th>
              <th scope="col" className="kgv-zahl">
                Verbrauch
              </th>
            </tr>
          </thead>
          <tbody>
            {zeile.zaehler.map((z) => (
              <tr key={`${z.zaehlernummer}-${z.anfang.datum}`}>
                <th scope="row">{z.zaehlernummer}</th>
                <td>{`${m3(z.anfang.stand)} am ${formatGermanDate(z.anfang.datum)}`}</td>
                <td>{`${m3(z.ende.stand)} am ${formatGermanDate(z.ende.datum)}`}</td>
                <td className="kgv-zahl">{m3(z.verbrauch)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Summe</th>
              <td colSpan={2}>{zeile.zaehler.length > 1 ? 'mit Zählerwechsel' : ''}</td>
              <td className="kgv-zahl">{m3(zeile.verbrauch)}</td>
            </tr>
          </tfoot>
        </table>
        <Heading level={3}>Schwund</Heading>
        <Text>{schwundErklaerung(abrechnung, zeile)}</Text>
        {hauptAblesungen(abrechnung, zeile).map((line) => (
          <Text key={line} UNSAFE_style={{ display: 'block', marginTop: '0.5em' }}>
            {line}
          </Text>
        ))}
        <Heading level={3}>Rechnung</Heading>
        <table className="kgv-rechenweg" aria-label={`Rechnung der Parzelle ${zeile.parzelleNummer}`}>
          <tbody>
            {rechenweg(zeile).map((r) => (
              <tr key={r.was}>
                <th scope="row" style={{ textAlign: 'left', paddingRight: '1.5em' }}>
                  {r.was}
                </th>
                <td style={{ paddingRight: '1.5em' }}>{r.rechnung}</td>
                <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{r.betrag}</td>
              </tr>
            ))}
            <tr>
              <th scope="row" style={{ textAlign: 'left' }}>
                Differenz
              </th>
              <td>Betrag − Akonto</td>
              <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                <Differenz cents={zeile.differenzCent} />
              </td>
            </tr>
          </tbody>
        </table>
        <Text UNSAFE_style={{ display: 'block', marginTop: '0.75em', fontSize: '0.9em' }}>
          Der Geldbetrag eines Hauptwasserzählers wird einmal auf den Cent gerundet und nach dem größten Rest auf seine
          Parzellen verteilt; ein Schwund-Betrag kann deshalb um einen Cent vom Produkt abweichen.
        </Text>
        {abrechnung.id > 0 ? (
          <View marginTop="size-150">
            <Link href={verbrauchDetailsUrl(abrechnung.stichtag, zeile.parzelleId)} target="_blank" rel="noreferrer">
              Verbrauchsdetails der Parzelle {zeile.parzelleNummer} (PDF)
            </Link>
          </View>
        ) : null}
      </Content>
      <ButtonGroup>
        {onKorrektur ? (
          <Button variant="secondary" onPress={onKorrektur}>
            Korrektur
          </Button>
        ) : null}
        <Button variant="accent" onPress={dismiss} autoFocus>
          Schließen
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}

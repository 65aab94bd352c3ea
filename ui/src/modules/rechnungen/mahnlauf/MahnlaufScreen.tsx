import {
  AlertDialog,
  Button,
  Checkbox,
  DialogContainer,
  Flex,
  Heading,
  Item,
  type Key,
  Picker,
  Text,
  View,
} from '@adobe/react-spectrum';
import { useEffect, useMemo, useState } from 'react';
import { formatGermanDate, parseGermanDate, todayIso } from '../../../../../src/platform/dates';
import { formatEuro } from '../../../../../src/platform/money';
import { useHasRight } from '../../../api/common';
import { describeError } from '../../../api/errors';
import {
  type MahnlaufErgebnis,
  type MahnlaufQuery,
  mahnlaufAusfuehren,
  mahnungenDruckUrl,
  useMahnlaufVorschau,
} from '../../../api/mahnungen';
import { saveWithToast } from '../../../api/toast';
import { usePageTitle } from '../../../app/usePageTitle';
import { useQueryParam } from '../../../app/useQueryParam';
import { DateField, NumberInput } from '../../../components/formKit';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { MessageBanner } from '../../../components/MessageBanner';
import { type Refusal, RefusalAlert } from '../../../components/RefusalAlert';
import { ablehnung } from '../../kassa/bankimport/bankImportApi';
import { AdresseWahl } from '../kontoauszug/AdresseWahl';
import { UebersprungenTabelle, ZuMahnenTabelle } from './MahnlaufTabellen';

const ALLE = '__alle';
const ARTEN: readonly { key: NonNullable<MahnlaufQuery['art']> | typeof ALLE; text: string }[] = [
  { key: ALLE, text: 'Alle Arten' },
  { key: 'Zahlungsvorschreibung', text: 'Zahlungsvorschreibung' },
  { key: 'Wasserrechnung', text: 'Wasserrechnung' },
  { key: 'Gruppenrechnung', text: 'Gruppenrechnung' },
  { key: 'WeitereMitgliedschaft', text: 'Weitere Mitgliedschaft' },
  { key: 'manuell', text: 'Manuelle Rechnung' },
];
const STANDARD_TAGE = 14;

const rechnungen = (n: number) => `${n} ${n === 1 ? 'Rechnung' : 'Rechnungen'}`;
const mahnungen = (n: number) => `${n} ${n === 1 ? 'Mahnung' : 'Mahnungen'}`;

/** Whole numbers of the URL, or undefined. */
function zahl(text: string): number | undefined {
  const n = Number(text);
  return text !== '' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/**
 * /rechnungen/mahnlauf — the reminder run: Stichtag, interest yes/no and filters (kept in the URL),
 * the preview of every overdue receivable with the next level, fee and interest, the ones left out
 * and why; the ticked ones are reminded after a confirm naming count and sum, then printed as one PDF.
 */
export default function MahnlaufScreen() {
  usePageTitle('Mahnlauf');
  const canEdit = useHasRight('WebApp.Rechnungspruefung.Edit') === true;
  const heute = todayIso();
  const [datumParam, setDatumParam] = useQueryParam('datum');
  const [calcParam, setCalcParam] = useQueryParam('zinsen');
  const [artParam, setArtParam] = useQueryParam('art');
  const [jahrParam, setJahrParam] = useQueryParam('jahr');
  const [adresseParam, setAdresseParam] = useQueryParam('adresse');
  const [tageParam, setTageParam] = useQueryParam('tage');
  const datum = /^\d{4}-\d{2}-\d{2}$/.test(datumParam) ? datumParam : heute;
  const [datumText, setDatumText] = useState(formatGermanDate(datum));
  const datumGueltig = parseGermanDate(datumText);
  const art = ARTEN.find((a) => a.key === artParam && a.key !== ALLE)?.key as MahnlaufQuery['art'];
  const jahr = zahl(jahrParam);
  const adresseId = zahl(adresseParam);
  const mindestTage = zahl(tageParam) ?? STANDARD_TAGE;
  const calc = calcParam === '1';

  const query: MahnlaufQuery | null = datumGueltig
    ? { datum, calc, art, jahr, adresseId, mindestTage: mindestTage === STANDARD_TAGE ? undefined : mindestTage }
    : null;
  const vorschau = useMahnlaufVorschau(query);
  const [gewaehlt, setGewaehlt] = useState<Set<number>>(new Set());
  const [fragen, setFragen] = useState(false);
  const [abgelehnt, setAbgelehnt] = useState<Refusal | null>(null);
  const [ergebnis, setErgebnis] = useState<MahnlaufErgebnis | null>(null);

  // A new preview ticks all its receivables: unticking is the exception.
  const daten = vorschau.data;
  useEffect(() => {
    setGewaehlt(new Set((daten?.zeilen ?? []).map((z) => z.rechnungId)));
  }, [daten]);

  const auswahl = useMemo(() => (daten?.zeilen ?? []).filter((z) => gewaehlt.has(z.rechnungId)), [daten, gewaehlt]);
  const auswahlSumme = auswahl.reduce((s, z) => s + z.neuOffenCent, 0);
  const perEmail = (daten?.zeilen ?? []).filter((z) => z.email);

  async function erstellen() {
    setAbgelehnt(null);
    try {
      const done = await saveWithToast(
        mahnlaufAusfuehren({
          datum,
          calc,
          // The server checks the ids against the preview with the same minimum days.
          ...(mindestTage === STANDARD_TAGE ? {} : { mindestTage }),
          rechnungIds: auswahl.map((z) => z.rechnungId),
        }),
        { success: (e) => `${mahnungen(e.anzahl)} erstellt.` },
      );
      setErgebnis(done);
    } catch (error) {
      setAbgelehnt(ablehnung(error) ?? { title: describeError(error), lines: [] });
    }
  }

  return (
    <Flex direction="column" gap="size-200">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">Rechnungen</Text>
        <Heading level={1} margin={0}>
          Mahnlauf
        </Heading>
      </View>
      <Text>
        Der Mahnlauf sucht alle überfälligen Rechnungen und schlägt je Rechnung die nächste Stufe vor: zuerst eine
        Zahlungserinnerung, dann eine Mahnung mit Gebühr, zuletzt die letzte Mahnung (eingeschrieben).
        {canEdit ? ' Erst mit „Mahnungen erstellen“ wird etwas gespeichert.' : ''}
      </Text>
      {ergebnis ? (
        <Flex direction="column" gap="size-150" alignItems="start">
          <MessageBanner
            level="success"
            title="Mahnungen erstellt"
            message={`${mahnungen(ergebnis.anzahl)} erstellt; zusammen sind ${formatEuro(ergebnis.summeCent)} offen. Drucken Sie die Briefe jetzt aus.`}
          />
          <Flex gap="size-150" wrap>
            <Button
              variant="accent"
              onPress={() => window.open(mahnungenDruckUrl(ergebnis.mahnungIds), '_blank', 'noopener')}
            >
              Mahnungen drucken (PDF)
            </Button>
            <Button variant="secondary" onPress={() => setErgebnis(null)}>
              Neuer Mahnlauf
            </Button>
          </Flex>
        </Flex>
      ) : (
        <>
          {/* Top-aligned: the fields' hints differ in height, so bottom alignment left the inputs jagged. */}
          <Flex gap="size-200" alignItems="start" wrap>
            <DateField
              label="Stichtag"
              value={datumText}
              onChange={(text) => {
                setDatumText(text);
                const iso = parseGermanDate(text);
                if (iso) setDatumParam(iso === heute ? '' : iso);
              }}
              description="Datum der Mahnungen"
              {...(datumGueltig ? {} : { error: 'Bitte das Datum als TT.MM.JJJJ eingeben.' })}
            />
            <Picker
              label="Art"
              items={ARTEN}
              selectedKey={art ?? ALLE}
              onSelectionChange={(key: Key | null) => setArtParam(key === null || key === ALLE ? '' : String(key))}
              width="size-2400"
            >
              {(a) => <Item key={a.key}>{a.text}</Item>}
            </Picker>
            <NumberInput
              label="Jahr"
              value={jahr ?? Number.NaN}
              onChange={(v) => setJahrParam(Number.isInteger(v) ? String(v) : '')}
              formatOptions={{ useGrouping: false, maximumFractionDigits: 0 }}
              description="leer = alle Jahre"
              width="size-1600"
            />
            <NumberInput
              label="Tage seit Fälligkeit"
              value={mindestTage}
              onChange={(v) => setTageParam(Number.isInteger(v) && v !== STANDARD_TAGE ? String(v) : '')}
              formatOptions={{ useGrouping: false, maximumFractionDigits: 0 }}
              description="bzw. seit der letzten Mahnung"
              width="size-2000"
            />
          </Flex>
          <Flex gap="size-200" alignItems="start" wrap>
            <AdresseWahl
              label="Nur für Adresse"
              description="leer = alle Mitglieder"
              value={adresseId}
              onChange={(id) => setAdresseParam(id === undefined ? '' : String(id))}
            />
            {/* On the line of the address field's input, below its label. */}
            <View marginTop="size-300">
              <Checkbox isSelected={calc} onChange={(an) => setCalcParam(an ? '1' : '')}>
                Verzugszinsen berechnen (4 % im Jahr)
              </Checkbox>
            </View>
          </Flex>
          {!query ? null : daten ? (
            <Flex direction="column" gap="size-150">
              <Text aria-live="polite">
                {daten.zeilen.length === 0
                  ? `Am ${formatGermanDate(daten.datum)} ist keine Rechnung zu mahnen.`
                  : `${rechnungen(daten.summen.anzahl)} zu mahnen: überfällig ${formatEuro(daten.summen.ueberfaelligCent)}, Gebühren ${formatEuro(daten.summen.gebuehrCent)}, Zinsen ${formatEuro(daten.summen.zinsenCent)}.`}
              </Text>
              {daten.zeilen.length > 0 ? (
                <ZuMahnenTabelle zeilen={daten.zeilen} gewaehlt={gewaehlt} onChange={setGewaehlt} waehlbar={canEdit} />
              ) : null}
              {daten.uebersprungen.length > 0 ? (
                <>
                  <Heading level={2} margin={0}>
                    Übersprungen
                  </Heading>
                  <UebersprungenTabelle zeilen={daten.uebersprungen} />
                </>
              ) : null}
              {perEmail.length > 0 ? (
                <MessageBanner
                  level="info"
                  title="Diese Mitglieder möchten Post per E-Mail"
                  message={`${perEmail.map((z) => z.adresseName).join(', ')}. Der Versand per E-Mail kommt mit dem E-Mail-Versand (eigener Menüpunkt, noch in Arbeit); bis dahin die Mahnung drucken oder das PDF selbst per E-Mail schicken.`}
                />
              ) : null}
              {abgelehnt ? <RefusalAlert refusal={abgelehnt} titleClassName="kgv-mahnlauf-fehler" /> : null}
              {canEdit && daten.zeilen.length > 0 ? (
                <Flex>
                  <Button variant="accent" isDisabled={auswahl.length === 0} onPress={() => setFragen(true)}>
                    {`${mahnungen(auswahl.length)} erstellen`}
                  </Button>
                </Flex>
              ) : null}
            </Flex>
          ) : vorschau.error && !vorschau.isLoading ? (
            <LoadFailed
              title="Der Mahnlauf konnte nicht berechnet werden."
              error={vorschau.error}
              onRetry={() => void vorschau.mutate()}
            />
          ) : (
            <Loading label="Mahnlauf wird berechnet …" />
          )}
        </>
      )}
      <DialogContainer onDismiss={() => setFragen(false)}>
        {fragen ? (
          <AlertDialog
            title={`${mahnungen(auswahl.length)} erstellen?`}
            variant="confirmation"
            primaryActionLabel="Mahnungen erstellen"
            cancelLabel="Abbrechen"
            onPrimaryAction={() => void erstellen()}
          >
            {`${mahnungen(auswahl.length)} zum ${formatGermanDate(datum)} über zusammen ${formatEuro(auswahlSumme)} (offen samt Gebühren${calc ? ' und Zinsen' : ''}). Die Mahnstufe der Rechnungen steigt, Gebühren${calc ? ' und Zinsen' : ''} kommen auf die Rechnungen.`}
          </AlertDialog>
        ) : null}
      </DialogContainer>
    </Flex>
  );
}

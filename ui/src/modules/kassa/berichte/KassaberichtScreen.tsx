import { Button, Flex, Text } from '@adobe/react-spectrum';
import { useApi } from '../../../api/useApi';
import { usePageTitle } from '../../../app/usePageTitle';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { KassaabrechnungPicker, KeinKassajahr, useSelectedKassaabrechnung } from '../KassaabrechnungPicker';
import { BerichtKopf, BerichtTabelle, berichtUrl, DownloadButtons, KASSA_API } from './berichtKit';
import type { Kassabericht } from './berichtTypen';

type KontoZeile = Kassabericht['konten'][number];
type BuchungskontoZeile = Kassabericht['buchungskonten'][number];

/**
 * The integrity line as the PDF prints it (hash chain of the checked entries, balances): green when
 * both hold, red with what is broken.
 */
export function Pruefzeile({ pruefung }: { pruefung: Kassabericht['pruefung'] }) {
  const ok = pruefung.kette.intakt && pruefung.salden.stimmt;
  return (
    <div role="status" aria-label="Prüfung der Kassa" className={ok ? 'kgv-bericht-ok' : 'kgv-bericht-fehler'}>
      {ok ? '✓ ' : '✗ '}
      {pruefung.zeile}
    </div>
  );
}

/**
 * /kassa/kassabericht: per account opening, income, expenses and closing balance of a period, the
 * sums per booking account, and whether the hash chain and the balances are intact. PDF, Excel and
 * the audit package (ZIP) open the same report as files.
 */
export default function KassaberichtScreen() {
  usePageTitle('Kassabericht');
  const { kassaabrechnungId, loaded } = useSelectedKassaabrechnung();
  const params = { kassaabrechnungID: kassaabrechnungId };
  const bericht = useApi<Kassabericht>(
    kassaabrechnungId === undefined ? null : berichtUrl('Kassabericht', params, 'json'),
  );
  const pruefpaket = `${KASSA_API}/Pruefpaket?kassaabrechnungID=${kassaabrechnungId ?? ''}`;

  return (
    <Flex direction="column" gap="size-200">
      <BerichtKopf
        titel="Kassabericht"
        beschreibung="Anfangsbestand, Einnahmen, Ausgaben und Endbestand je Konto, die Summen je Buchungskonto und die Prüfung der Kassa."
      />
      <Flex gap="size-200" alignItems="end" wrap>
        <KassaabrechnungPicker />
        <DownloadButtons
          pdf={berichtUrl('Kassabericht', params, 'pdf')}
          excel={berichtUrl('Kassabericht', params, 'xlsx')}
          isDisabled={kassaabrechnungId === undefined}
          extra={
            <Button
              variant="secondary"
              elementType="a"
              href={pruefpaket}
              target="_blank"
              rel="noreferrer"
              isDisabled={kassaabrechnungId === undefined}
            >
              Prüfpaket (ZIP)
            </Button>
          }
        />
      </Flex>
      {loaded && kassaabrechnungId === undefined ? (
        <KeinKassajahr dann="dann zeigt der Bericht seine Buchungen." />
      ) : bericht.error ? (
        <LoadFailed
          title="Der Kassabericht konnte nicht geladen werden."
          error={bericht.error}
          onRetry={() => void bericht.mutate()}
        />
      ) : !bericht.data ? (
        <Loading label="Kassabericht wird geladen" />
      ) : (
        <KassaberichtInhalt bericht={bericht.data} />
      )}
    </Flex>
  );
}

function KassaberichtInhalt({ bericht }: { bericht: Kassabericht }) {
  const { summe } = bericht;
  const buchungskontenSumme = bericht.buchungskonten.reduce(
    (acc, b) => ({
      einnahmen: acc.einnahmen + b.einnahmenCent,
      ausgaben: acc.ausgaben + b.ausgabenCent,
      summe: acc.summe + b.summeCent,
    }),
    { einnahmen: 0, ausgaben: 0, summe: 0 },
  );
  return (
    <Flex direction="column" gap="size-200">
      <Pruefzeile pruefung={bericht.pruefung} />
      <Text>
        {bericht.kassaabrechnung.bezeichnung}
        {bericht.kassaabrechnung.geschlossen ? ' (abgeschlossen)' : ''}
      </Text>
      <BerichtTabelle<KontoZeile>
        titel="Konten"
        spalten={[
          { titel: 'Konto', text: (k) => k.name },
          { titel: 'Anfangsbestand', cent: (k) => k.anfangCent },
          { titel: 'Einnahmen', cent: (k) => k.einnahmenCent },
          { titel: 'Ausgaben', cent: (k) => -k.ausgabenCent },
          { titel: 'Endbestand', cent: (k) => k.endeCent },
        ]}
        zeilen={bericht.konten}
        zeilenKey={(k) => k.kontoId}
        summe={['Summe', summe.anfangCent, summe.einnahmenCent, -summe.ausgabenCent, summe.endeCent]}
        leer="Keine Konten."
      />
      <BerichtTabelle<BuchungskontoZeile>
        titel="Buchungskonten"
        spalten={[
          { titel: 'Nr.', text: (b) => b.nummer },
          { titel: 'Buchungskonto', text: (b) => b.name },
          { titel: 'Einnahmen', cent: (b) => b.einnahmenCent },
          { titel: 'Ausgaben', cent: (b) => -b.ausgabenCent },
          { titel: 'Saldo', cent: (b) => b.summeCent },
        ]}
        zeilen={bericht.buchungskonten}
        zeilenKey={(b) => b.buchungskontoId}
        summe={['Summe', null, buchungskontenSumme.einnahmen, -buchungskontenSumme.ausgaben, buchungskontenSumme.summe]}
        leer="Keine Buchungen in dieser Kassaabrechnung."
      />
    </Flex>
  );
}

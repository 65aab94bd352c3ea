import { Flex } from '@adobe/react-spectrum';
import { useApi } from '../../../api/useApi';
import { usePageTitle } from '../../../app/usePageTitle';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { KassaabrechnungPicker, KeinKassajahr, useSelectedKassaabrechnung } from '../KassaabrechnungPicker';
import { BerichtKopf, BerichtTabelle, berichtUrl, DownloadButtons } from './berichtKit';
import type { Kostenaufstellung } from './berichtTypen';

type Zeile = Kostenaufstellung['kostenstellen'][number];

/** /kassa/kostenaufstellung: income, expenses and their balance per cost centre of a period. */
export default function KostenaufstellungScreen() {
  usePageTitle('Kostenaufstellung');
  const { kassaabrechnungId, loaded } = useSelectedKassaabrechnung();
  const params = { kassaabrechnungID: kassaabrechnungId };
  const bericht = useApi<Kostenaufstellung>(
    kassaabrechnungId === undefined ? null : berichtUrl('Kostenaufstellung', params, 'json'),
  );
  return (
    <Flex direction="column" gap="size-200">
      <BerichtKopf
        titel="Kostenaufstellung"
        beschreibung="Einnahmen, Ausgaben und Saldo je Kostenstelle; Buchungen ohne Kostenstelle stehen in der Zeile „Ohne Kostenstelle“."
      />
      <Flex gap="size-200" alignItems="end" wrap>
        <KassaabrechnungPicker />
        <DownloadButtons
          pdf={berichtUrl('Kostenaufstellung', params, 'pdf')}
          excel={berichtUrl('Kostenaufstellung', params, 'xlsx')}
          isDisabled={kassaabrechnungId === undefined}
        />
      </Flex>
      {loaded && kassaabrechnungId === undefined ? (
        <KeinKassajahr dann="dann zeigt der Bericht seine Buchungen." />
      ) : bericht.error ? (
        <LoadFailed
          title="Die Kostenaufstellung konnte nicht geladen werden."
          error={bericht.error}
          onRetry={() => void bericht.mutate()}
        />
      ) : !bericht.data ? (
        <Loading label="Kostenaufstellung wird geladen" />
      ) : (
        <BerichtTabelle<Zeile>
          titel="Kostenstellen"
          spalten={[
            { titel: 'Nr.', text: (k) => k.nummer },
            {
              titel: 'Kostenstelle',
              text: (k) => (k.kostenstelleId === null ? k.name || 'Ohne Kostenstelle' : k.name),
            },
            { titel: 'Einnahmen', cent: (k) => k.einnahmenCent },
            { titel: 'Ausgaben', cent: (k) => -k.ausgabenCent },
            { titel: 'Saldo', cent: (k) => k.summeCent },
          ]}
          zeilen={bericht.data.kostenstellen}
          zeilenKey={(k, i) => k.kostenstelleId ?? `ohne-${i}`}
          summe={[
            'Summe',
            null,
            bericht.data.summe.einnahmenCent,
            -bericht.data.summe.ausgabenCent,
            bericht.data.summe.summeCent,
          ]}
          leer="Keine Kostenstellen in dieser Kassaabrechnung."
        />
      )}
    </Flex>
  );
}

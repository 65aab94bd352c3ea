import { Flex, Text } from '@adobe/react-spectrum';
import { isApiError, isProblemDetails } from '../../../api/errors';
import { useApi } from '../../../api/useApi';
import { usePageTitle } from '../../../app/usePageTitle';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { MessageBanner } from '../../../components/MessageBanner';
import { Geld } from '../Geld';
import { KassaabrechnungPicker, KeinKassajahr, useSelectedKassaabrechnung } from '../KassaabrechnungPicker';
import { BerichtKopf, BerichtTabelle, berichtUrl, DownloadButtons } from './berichtKit';
import type { Steuerbericht } from './berichtTypen';

type Satz = Steuerbericht['saetze'][number];

/** The server's 409 when the club's tax flag is off (the menu hides the screen then; a bookmark may not). */
function steuerNichtAktiv(error: unknown): boolean {
  return isApiError(error) && isProblemDetails(error.body) && error.body.code === 'steuer_nicht_aktiv';
}

const satzText = (s: Satz): string => (s.steuersatz === 100 ? '100 % (nur Steuer)' : `${s.steuersatz} %`);

/** /kassa/steuerbericht: gross, net and tax of income and expenses per tax rate of a period. */
export default function SteuerberichtScreen() {
  usePageTitle('Steuerbericht');
  const { kassaabrechnungId, loaded } = useSelectedKassaabrechnung();
  const params = { kassaabrechnungID: kassaabrechnungId };
  const bericht = useApi<Steuerbericht>(
    kassaabrechnungId === undefined ? null : berichtUrl('Steuerbericht', params, 'json'),
    { shouldRetryOnError: false },
  );
  const { summe } = bericht.data ?? {};
  return (
    <Flex direction="column" gap="size-200">
      <BerichtKopf
        titel="Steuerbericht"
        beschreibung="Je Steuersatz die Summen brutto, netto und Steuer der Einnahmen und der Ausgaben."
      />
      <Flex gap="size-200" alignItems="end" wrap>
        <KassaabrechnungPicker />
        <DownloadButtons
          pdf={berichtUrl('Steuerbericht', params, 'pdf')}
          excel={berichtUrl('Steuerbericht', params, 'xlsx')}
          // Only a report that loaded: without the tax flag the files are refused like the JSON.
          isDisabled={kassaabrechnungId === undefined || !bericht.data}
        />
      </Flex>
      {loaded && kassaabrechnungId === undefined ? (
        <KeinKassajahr dann="dann zeigt der Bericht seine Buchungen." />
      ) : steuerNichtAktiv(bericht.error) ? (
        <MessageBanner
          level="info"
          title="Der Verein bucht ohne Steuer"
          message="Unter Grundeinstellungen → Vereinseinstellungen → Kassa ist „Verein ist umsatzsteuerpflichtig“ nicht eingeschaltet; daher gibt es keinen Steuerbericht."
        />
      ) : bericht.error ? (
        <LoadFailed
          title="Der Steuerbericht konnte nicht geladen werden."
          error={bericht.error}
          onRetry={() => void bericht.mutate()}
        />
      ) : !bericht.data || !summe ? (
        <Loading label="Steuerbericht wird geladen" />
      ) : (
        <Flex direction="column" gap="size-100">
          <BerichtTabelle<Satz>
            titel="Steuersätze"
            spalten={[
              { titel: 'Steuersatz', text: satzText },
              { titel: 'Einnahmen brutto', cent: (s) => s.einnahmen.bruttoCent },
              { titel: 'Einnahmen netto', cent: (s) => s.einnahmen.nettoCent },
              { titel: 'Einnahmen Steuer', cent: (s) => s.einnahmen.steuerCent },
              { titel: 'Ausgaben brutto', cent: (s) => s.ausgaben.bruttoCent },
              { titel: 'Ausgaben netto', cent: (s) => s.ausgaben.nettoCent },
              { titel: 'Ausgaben Steuer (Vorsteuer)', cent: (s) => s.ausgaben.steuerCent },
            ]}
            zeilen={bericht.data.saetze}
            zeilenKey={(s) => s.steuersatz}
            summe={[
              'Summe',
              summe.einnahmen.bruttoCent,
              summe.einnahmen.nettoCent,
              summe.einnahmen.steuerCent,
              summe.ausgaben.bruttoCent,
              summe.ausgaben.nettoCent,
              summe.ausgaben.steuerCent,
            ]}
          />
          <Text UNSAFE_style={{ fontWeight: 700 }}>
            {summe.zahllastCent >= 0 ? 'Zahllast' : 'Überschuss (Vorsteuer)'} (Steuer der Einnahmen − Steuer der
            Ausgaben): <Geld cent={Math.abs(summe.zahllastCent)} />
          </Text>
        </Flex>
      )}
    </Flex>
  );
}

import { Checkbox, CheckboxGroup, Flex, NumberField } from '@adobe/react-spectrum';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { withQuery } from '../../../api/fetcher';
import { useApi } from '../../../api/useApi';
import { usePageTitle } from '../../../app/usePageTitle';
import { useQueryParam } from '../../../app/useQueryParam';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { BerichtKopf, BerichtTabelle, berichtUrl, DownloadButtons, KASSA_API } from './berichtKit';
import type { AnlageberichtAntwort } from './berichtTypen';

type Zeile = AnlageberichtAntwort['anlagen'][number];
type Prognose = AnlageberichtAntwort['prognose'][number];

const STANDARD_JAHRE = 5;

/** A whole number from the URL within bounds, else the fallback. */
function zahl(param: string, fallback: number, min: number, max: number): number {
  const n = Number(param);
  return param !== '' && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

/**
 * /kassa/anlagebericht: the Anlagenspiegel of a year (book value at start, additions, depreciation,
 * disposals, book value at the end per asset) and the depreciation forecast of the next years.
 */
export default function AnlageberichtScreen() {
  usePageTitle('Anlagebericht');
  const diesesJahr = new Date().getFullYear();
  const [jahrParam, setJahr] = useQueryParam('jahr');
  const [kategorienParam, setKategorien] = useQueryParam('kategorien');
  const [historischParam, setHistorisch] = useQueryParam('historisch');
  const [jahreParam, setJahre] = useQueryParam('anzahlJahre');
  const jahr = zahl(jahrParam, diesesJahr, 1900, 2999);
  const anzahlJahre = zahl(jahreParam, STANDARD_JAHRE, 0, 50);
  const kategorien = kategorienParam ? kategorienParam.split(',').filter(Boolean) : [];
  const historisch = historischParam === 'true';
  const alleKategorien = useApi<string[]>(`${KASSA_API}/GetAnlageKategorien`);

  const params = {
    jahr,
    kategorien: kategorien.length ? kategorien.join(',') : undefined,
    historisch: historisch ? true : undefined,
    anzahlJahre,
  };
  const bericht = useApi<AnlageberichtAntwort>(berichtUrl('Anlagebericht', params, 'json'));
  // The spec's Excel switch of this report is `excel=true`.
  const excel = withQuery(`${KASSA_API}/Anlagebericht`, { ...params, excel: true });

  return (
    <Flex direction="column" gap="size-200">
      <BerichtKopf
        titel="Anlagebericht"
        beschreibung="Das Anlagenverzeichnis eines Jahres: Buchwert am Jahresanfang, Zugang, Abschreibung (AfA), Abgang und Buchwert am Jahresende, dazu die AfA der nächsten Jahre."
      />
      <Flex gap="size-200" alignItems="end" wrap>
        <NumberField
          label="Jahr"
          value={jahr}
          minValue={1900}
          maxValue={2999}
          formatOptions={{ useGrouping: false }}
          onChange={(v) => setJahr(Number.isInteger(v) && v !== diesesJahr ? String(v) : '')}
          width="size-1600"
        />
        <NumberField
          label="Prognosejahre"
          value={anzahlJahre}
          minValue={0}
          maxValue={50}
          onChange={(v) => setJahre(Number.isInteger(v) && v !== STANDARD_JAHRE ? String(v) : '')}
          width="size-1600"
        />
        <Checkbox isSelected={historisch} onChange={(v) => setHistorisch(v ? 'true' : '')}>
          auch früher ausgeschiedene Anlagen (historisch)
        </Checkbox>
        <DownloadButtons pdf={berichtUrl('Anlagebericht', params, 'pdf')} excel={excel} />
      </Flex>
      {alleKategorien.data && alleKategorien.data.length > 0 ? (
        <CheckboxGroup
          label="Kategorien (keine gewählt: alle)"
          orientation="horizontal"
          value={kategorien}
          onChange={(werte) => setKategorien(werte.join(','))}
        >
          {alleKategorien.data.map((k) => (
            <Checkbox key={k} value={k}>
              {k}
            </Checkbox>
          ))}
        </CheckboxGroup>
      ) : null}
      {bericht.error ? (
        <LoadFailed
          title="Der Anlagebericht konnte nicht geladen werden."
          error={bericht.error}
          onRetry={() => void bericht.mutate()}
        />
      ) : !bericht.data ? (
        <Loading label="Anlagebericht wird geladen" />
      ) : (
        <AnlageberichtInhalt bericht={bericht.data} />
      )}
    </Flex>
  );
}

function AnlageberichtInhalt({ bericht }: { bericht: AnlageberichtAntwort }) {
  const { summe } = bericht;
  return (
    <Flex direction="column" gap="size-200">
      <BerichtTabelle<Zeile>
        titel={`Anlagen ${bericht.jahr}`}
        spalten={[
          { titel: 'Bezeichnung', text: (a) => a.bezeichnung },
          { titel: 'Kategorie', text: (a) => a.kategorie ?? '' },
          { titel: 'Anschaffung', text: (a) => formatGermanDate(a.anschaffungsdatum) },
          { titel: 'Anschaffungskosten', cent: (a) => a.anschaffungskostenCent },
          { titel: 'Buchwert Anfang', cent: (a) => a.buchwertAnfangCent },
          { titel: 'Zugang', cent: (a) => a.zugangCent },
          { titel: 'AfA', cent: (a) => a.afaCent },
          { titel: 'Abgang', cent: (a) => a.abgangCent },
          { titel: 'Buchwert Ende', cent: (a) => a.buchwertEndeCent },
          { titel: 'Ausgeschieden', text: (a) => formatGermanDate(a.abgangsdatum) },
        ]}
        zeilen={bericht.anlagen}
        zeilenKey={(a) => a.id}
        summe={[
          'Summe',
          null,
          null,
          null,
          summe.buchwertAnfangCent,
          summe.zugangCent,
          summe.afaCent,
          summe.abgangCent,
          summe.buchwertEndeCent,
          null,
        ]}
        leer="Keine Anlagen in diesem Jahr."
      />
      {bericht.prognose.length ? (
        <BerichtTabelle<Prognose>
          titel="Prognose der Abschreibung"
          spalten={[
            { titel: 'Jahr', text: (p) => p.jahr },
            { titel: 'AfA', cent: (p) => p.afaCent },
          ]}
          zeilen={bericht.prognose}
          zeilenKey={(p) => p.jahr}
        />
      ) : null}
    </Flex>
  );
}

import { Checkbox, Flex, Item, Picker } from '@adobe/react-spectrum';
import { useState } from 'react';
import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { formatEuro } from '../../../../../src/platform/money';
import { useHasRight } from '../../../api/common';
import { useBuchungskontenLookup, useKassaabrechnungDatum, useKostenstellenLookup } from '../../../api/kassa';
import type { Lookup } from '../../../api/stammdaten/parzellen';
import { useApi } from '../../../api/useApi';
import { usePageTitle } from '../../../app/usePageTitle';
import { useQueryParam } from '../../../app/useQueryParam';
import { DateField } from '../../../components/formKit';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { KassaabrechnungPicker, KeinKassajahr, useSelectedKassaabrechnung } from '../KassaabrechnungPicker';
import { BerichtKopf, BerichtTabelle, berichtUrl, DownloadButtons } from './berichtKit';
import { GRUPPIERUNGEN, type Gruppierung, type Kontobericht, type KontoberichtEintrag } from './berichtTypen';

const ALLE = 'alle';

const GRUPPIERUNG_TEXT: Readonly<Record<Gruppierung, string>> = {
  buchungskonto: 'nach Buchungskonto',
  kostenstelle: 'nach Kostenstelle',
  konto: 'nach Konto (Bank/Kassa)',
  monat: 'nach Monat',
  keine: 'keine (eine Liste)',
};

/**
 * A date of the report's range, typed as TT.MM.JJJJ and kept in the URL as YYYY-MM-DD; empty means
 * the period's own first or last day.
 */
function useDatumParam(name: string) {
  const [param, setParam] = useQueryParam(name);
  const [text, setText] = useState(() => formatGermanDate(param));
  const parsed = parseGermanDate(text);
  return {
    text,
    iso: parsed ?? undefined,
    error: parsed === undefined ? 'Bitte geben Sie das Datum als TT.MM.JJJJ ein.' : undefined,
    onChange(value: string) {
      setText(value);
      const next = parseGermanDate(value);
      if (next !== undefined) setParam(next ?? '');
    },
  };
}

/**
 * /kassa/kontobericht: the entries of a date range (default: the chosen period), filtered by booking
 * account and cost centre, grouped with sums per group; "Querformat" prints the PDF landscape.
 */
export default function KontoberichtScreen() {
  usePageTitle('Kontobericht');
  const { kassaabrechnungId, loaded } = useSelectedKassaabrechnung();
  const { data: periode } = useKassaabrechnungDatum(kassaabrechnungId);
  const von = useDatumParam('von');
  const bis = useDatumParam('bis');
  const [buchungskonto, setBuchungskonto] = useQueryParam('buchungskonto');
  const [kostenstelle, setKostenstelle] = useQueryParam('kostenstelle');
  const [gruppe, setGruppe] = useQueryParam('gruppe');
  // The plot groups are Stammdaten: a Kassier without that right filters without them.
  const darfGruppen = useHasRight('WebApp.Stammdaten.View', 'WebApp.Stammdaten.Edit') === true;
  const gruppen = useApi<Lookup[]>(darfGruppen ? '/api/Common/Gruppen' : null);
  const [gruppierungParam, setGruppierung] = useQueryParam('gruppierung');
  const [querformat, setQuerformat] = useQueryParam('querformat');
  const buchungskonten = useBuchungskontenLookup(kassaabrechnungId);
  const kostenstellen = useKostenstellenLookup(kassaabrechnungId);
  const gruppierung: Gruppierung = (GRUPPIERUNGEN as readonly string[]).includes(gruppierungParam)
    ? (gruppierungParam as Gruppierung)
    : 'buchungskonto';

  const dateFrom = von.iso ?? periode?.von;
  const dateTo = bis.iso ?? periode?.bis;
  const params = {
    dateFrom,
    dateTo,
    buchungskonto: buchungskonto || undefined,
    kostenstelle: kostenstelle || undefined,
    gruppe: gruppe || undefined,
    gruppierung,
    querformat: querformat === 'true' ? true : undefined,
  };
  const ready = dateFrom !== undefined && dateTo !== undefined && !von.error && !bis.error;
  const bericht = useApi<Kontobericht>(
    ready ? berichtUrl('Kontobericht', { ...params, querformat: undefined }, 'json') : null,
  );

  return (
    <Flex direction="column" gap="size-200">
      <BerichtKopf
        titel="Kontobericht"
        beschreibung="Die Buchungen eines Zeitraums, gruppiert, mit Einnahmen, Ausgaben und Saldo je Gruppe."
      />
      <Flex gap="size-200" alignItems="start" wrap>
        <KassaabrechnungPicker label="Kassaabrechnung (Zeitraum)" />
        <DateField
          label="Von"
          value={von.text}
          onChange={von.onChange}
          error={von.error}
          description={`leer: ${formatGermanDate(periode?.von, 'Beginn der Kassaabrechnung')}`}
        />
        <DateField
          label="Bis"
          value={bis.text}
          onChange={bis.onChange}
          error={bis.error}
          description={`leer: ${formatGermanDate(periode?.bis, 'Ende der Kassaabrechnung')}`}
        />
      </Flex>
      <Flex gap="size-200" alignItems="end" wrap>
        <Picker
          label="Buchungskonto"
          selectedKey={buchungskonto || ALLE}
          onSelectionChange={(key) => setBuchungskonto(key === ALLE || key === null ? '' : String(key))}
          items={[
            { id: ALLE, text: 'alle' },
            ...(buchungskonten.data ?? []).map((b) => ({ id: String(b.id), text: `${b.nummer} ${b.name}` })),
          ]}
          width="size-3600"
        >
          {(item) => <Item key={item.id}>{item.text}</Item>}
        </Picker>
        <Picker
          label="Kostenstelle"
          selectedKey={kostenstelle || ALLE}
          onSelectionChange={(key) => setKostenstelle(key === ALLE || key === null ? '' : String(key))}
          items={[
            { id: ALLE, text: 'alle' },
            ...(kostenstellen.data ?? []).map((k) => ({ id: String(k.id), text: `${k.nummer} ${k.name}` })),
          ]}
          width="size-3000"
        >
          {(item) => <Item key={item.id}>{item.text}</Item>}
        </Picker>
        {darfGruppen ? (
          <Picker
            label="Gruppe (Parzellen)"
            selectedKey={gruppe || ALLE}
            onSelectionChange={(key) => setGruppe(key === ALLE || key === null ? '' : String(key))}
            items={[
              { id: ALLE, text: 'alle' },
              ...(gruppen.data ?? []).map((g) => ({ id: String(g.id), text: g.name })),
            ]}
          >
            {(item) => <Item key={item.id}>{item.text}</Item>}
          </Picker>
        ) : null}
        <Picker
          label="Gruppierung"
          selectedKey={gruppierung}
          onSelectionChange={(key) => setGruppierung(key === 'buchungskonto' || key === null ? '' : String(key))}
        >
          {GRUPPIERUNGEN.map((g) => (
            <Item key={g}>{GRUPPIERUNG_TEXT[g]}</Item>
          ))}
        </Picker>
        <Checkbox isSelected={querformat === 'true'} onChange={(v) => setQuerformat(v ? 'true' : '')}>
          Querformat (PDF)
        </Checkbox>
        <DownloadButtons
          pdf={berichtUrl('Kontobericht', params, 'pdf')}
          excel={berichtUrl('Kontobericht', params, 'xlsx')}
          isDisabled={!ready}
        />
      </Flex>
      {loaded && kassaabrechnungId === undefined && !(von.iso && bis.iso) ? (
        <KeinKassajahr dann="dann zeigt der Bericht seine Buchungen." />
      ) : bericht.error ? (
        <LoadFailed
          title="Der Kontobericht konnte nicht geladen werden."
          error={bericht.error}
          onRetry={() => void bericht.mutate()}
        />
      ) : !ready ? null : !bericht.data ? (
        <Loading label="Kontobericht wird geladen" />
      ) : (
        <KontoberichtInhalt bericht={bericht.data} />
      )}
    </Flex>
  );
}

function KontoberichtInhalt({ bericht }: { bericht: Kontobericht }) {
  const { summe } = bericht;
  return (
    <Flex direction="column" gap="size-200">
      {bericht.gruppen.length === 0 ? <p>Keine Buchungen in diesem Zeitraum.</p> : null}
      {bericht.gruppen.map((gruppe) => (
        <BerichtTabelle<KontoberichtEintrag>
          key={gruppe.schluessel}
          titel={gruppe.titel}
          spalten={[
            { titel: 'Datum', text: (e) => formatGermanDate(e.datum) },
            { titel: 'Beleg-Nr.', text: (e) => e.belegnummer },
            { titel: 'Text', text: (e) => e.text },
            { titel: 'Buchungskonto', text: (e) => e.buchungskonto },
            { titel: 'Kostenstelle', text: (e) => e.kostenstelle },
            { titel: 'Konto', text: (e) => e.konto },
            { titel: 'Betrag', cent: (e) => e.betragCent },
          ]}
          zeilen={gruppe.eintraege}
          zeilenKey={(e) => e.id}
          summe={[
            `Summe ${gruppe.titel}`,
            null,
            `Einnahmen ${formatEuro(gruppe.einnahmenCent)} · Ausgaben ${formatEuro(-gruppe.ausgabenCent)}`,
            null,
            null,
            null,
            gruppe.summeCent,
          ]}
        />
      ))}
      <BerichtTabelle<Kontobericht['summe']>
        titel="Gesamt"
        spalten={[
          { titel: 'Einnahmen', cent: (s) => s.einnahmenCent },
          { titel: 'Ausgaben', cent: (s) => -s.ausgabenCent },
          { titel: 'Saldo', cent: (s) => s.summeCent },
        ]}
        zeilen={[summe]}
        zeilenKey={() => 'gesamt'}
      />
    </Flex>
  );
}

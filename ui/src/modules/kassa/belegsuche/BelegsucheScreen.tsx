import {
  Button,
  Flex,
  Form,
  Heading,
  Item,
  type Key,
  Link,
  Picker,
  Text,
  TextField,
  View,
} from '@adobe/react-spectrum';
import Search from '@spectrum-icons/workflow/Search';
import { type FormEvent, useRef, useState } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { useHasRight } from '../../../api/common';
import { useKassaabrechnungen } from '../../../api/kassa';
import { saveWithToast } from '../../../api/toast';
import { usePageTitle } from '../../../app/usePageTitle';
import { useQueryParam } from '../../../app/useQueryParam';
import { invalid } from '../../../components/formKit';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { Geld } from '../Geld';
import { BelegeKnopf } from '../kassabuch/BelegeKnopf';
import { type FilterArt, filterAnzeige, filterWert } from '../kassabuch/KassabuchFilter';
import {
  BELEG_ACCEPT,
  belegeHochladen,
  type Eintrag,
  type KassabuchFilterInput,
  useKassabuch,
} from '../kassabuch/kassabuchApi';
import '../../../components/denseTable.css';
import '../kassabuch/kassabuch.css';

// Spec §2 /kassa/belegsuchen: find an entry over all periods by Belegnummer, text, amount or date
// (and whether it has a receipt), open or attach its receipts, jump to it in the Kassabuch.
// The search is kept in the URL like every filter.

const MAX_ZEILEN = 500;

type Beleg = 'alle' | 'mit' | 'ohne';
const BELEG_OPTIONEN: readonly { key: Beleg; label: string }[] = [
  { key: 'alle', label: 'egal' },
  { key: 'mit', label: 'mit Beleg' },
  { key: 'ohne', label: 'ohne Beleg' },
];

interface Eingabe {
  nr: string;
  text: string;
  betrag: string;
  von: string;
  bis: string;
}

const ARTEN: Readonly<Record<keyof Eingabe, FilterArt>> = {
  nr: 'zahl',
  text: 'text',
  betrag: 'betrag',
  von: 'datum',
  bis: 'datum',
};

/** The typed search → its URL values, read as the Kassabuch's filter fields read theirs. */
function pruefe(
  e: Eingabe,
): { fehler: Partial<Record<keyof Eingabe, string>> } | { params: Record<keyof Eingabe, string> } {
  const fehler: Partial<Record<keyof Eingabe, string>> = {};
  const params: Record<keyof Eingabe, string> = { nr: '', text: '', betrag: '', von: '', bis: '' };
  for (const key of Object.keys(ARTEN) as (keyof Eingabe)[]) {
    const result = filterWert(ARTEN[key], e[key]);
    if ('fehler' in result) fehler[key] = result.fehler;
    else params[key] = result.wert;
  }
  return Object.keys(fehler).length ? { fehler } : { params };
}

export default function BelegsucheScreen() {
  usePageTitle('Belegsuche');
  const canEdit = useHasRight('WebApp.Kassa.Edit') === true;
  const perioden = useKassaabrechnungen();
  const [nr, setNr] = useQueryParam('nr');
  const [text, setText] = useQueryParam('text');
  const [betrag, setBetrag] = useQueryParam('betrag');
  const [von, setVon] = useQueryParam('von');
  const [bis, setBis] = useQueryParam('bis');
  const [belegParam, setBelegParam] = useQueryParam('beleg');
  const beleg: Beleg = belegParam === 'mit' || belegParam === 'ohne' ? belegParam : 'alle';
  const [eingabe, setEingabe] = useState<Eingabe>(() => ({
    nr,
    text,
    betrag: filterAnzeige('betrag', betrag),
    von: filterAnzeige('datum', von),
    bis: filterAnzeige('datum', bis),
  }));
  const [fehler, setFehler] = useState<Partial<Record<keyof Eingabe, string>>>({});
  const dateiwahl = useRef<HTMLInputElement>(null);
  const anhaengenAn = useRef<Eintrag | null>(null);

  const gesucht = Boolean(nr || text || betrag || von || bis);
  const filter: KassabuchFilterInput | null = gesucht
    ? {
        ...(nr ? { BelegnummerFilterVon: Number(nr), BelegnummerFilterBis: Number(nr) } : {}),
        ...(text ? { Bezeichnung: text } : {}),
        ...(betrag ? { BetragFilterVon: Number(betrag), BetragFilterBis: Number(betrag) } : {}),
        ...(von ? { kassabuchFilterVon: von } : {}),
        ...(bis ? { kassabuchFilterBis: bis } : {}),
      }
    : null;
  const treffer = useKassabuch(filter);
  const jahrVon = new Map((perioden.data ?? []).map((p) => [p.id, p.name]));
  const geschlossen = new Set((perioden.data ?? []).filter((p) => p.geschlossen).map((p) => p.id));
  const zeilen = (treffer.data?.eintraege ?? []).filter(
    (e) => beleg === 'alle' || (beleg === 'mit' ? e.belege.length > 0 : e.belege.length === 0),
  );

  function suchen(event: FormEvent) {
    event.preventDefault();
    const result = pruefe(eingabe);
    if ('fehler' in result) {
      setFehler(result.fehler);
      return;
    }
    setFehler({});
    setNr(result.params.nr);
    setText(result.params.text);
    setBetrag(result.params.betrag);
    setVon(result.params.von);
    setBis(result.params.bis);
  }

  function anhaengen(e: Eintrag) {
    anhaengenAn.current = e;
    dateiwahl.current?.click();
  }

  const feld = (key: keyof Eingabe) => ({
    value: eingabe[key],
    onChange: (value: string) => setEingabe((v) => ({ ...v, [key]: value })),
    ...invalid(fehler[key]),
  });

  return (
    <Flex direction="column" gap="size-200">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">Kassa</Text>
        <Heading level={1} margin={0}>
          Belegsuche
        </Heading>
      </View>
      <Text>Sucht in allen Kassaabrechnungen. Ein Feld genügt, mehrere schränken weiter ein.</Text>
      <Form aria-label="Beleg suchen" onSubmit={suchen} validationBehavior="aria">
        <Flex gap="size-200" wrap alignItems="end">
          <TextField label="Beleg-Nr." width="size-1250" inputMode="numeric" {...feld('nr')} />
          <TextField label="Text enthält" width="size-3000" {...feld('text')} />
          <TextField label="Betrag" width="size-1600" inputMode="decimal" {...feld('betrag')} />
          <TextField label="Datum von" width="size-1600" {...feld('von')} />
          <TextField label="Datum bis" width="size-1600" {...feld('bis')} />
          <Picker
            label="Beleg"
            items={BELEG_OPTIONEN}
            selectedKey={beleg}
            onSelectionChange={(key: Key | null) => setBelegParam(key === null || key === 'alle' ? '' : String(key))}
            width="size-1600"
          >
            {(o) => <Item key={o.key}>{o.label}</Item>}
          </Picker>
          <Button variant="accent" type="submit">
            <Search />
            <Text>Suchen</Text>
          </Button>
        </Flex>
      </Form>
      <input
        ref={dateiwahl}
        type="file"
        multiple
        hidden
        accept={BELEG_ACCEPT}
        aria-label="Beleg-Dateien wählen"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          const e = anhaengenAn.current;
          event.target.value = '';
          if (!e || !files.length) return;
          void saveWithToast(() => belegeHochladen(e.id, files), {
            success: `${files.length === 1 ? '1 Beleg' : `${files.length} Belege`} an Beleg-Nr. ${e.belegnummer} angehängt.`,
          }).catch(() => undefined);
        }}
      />
      {!gesucht ? null : treffer.data ? (
        zeilen.length === 0 ? (
          <Text>Kein Beleg gefunden.</Text>
        ) : (
          <>
            <div className="kgv-dense-frame kgv-kb-frame">
              <table className="kgv-dense-table kgv-kb-table" aria-label="Gefundene Belege">
                <thead>
                  <tr>
                    <th scope="col">Kassaabrechnung</th>
                    <th scope="col" className="kgv-kb-num">
                      Beleg-Nr.
                    </th>
                    <th scope="col">Datum</th>
                    <th scope="col">Konto</th>
                    <th scope="col">Buchungskonto</th>
                    <th scope="col">Text</th>
                    <th scope="col" className="kgv-kb-num">
                      Betrag
                    </th>
                    <th scope="col">Belege</th>
                    <th scope="col">
                      <span className="kgv-kb-sr">Im Kassabuch</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {zeilen.slice(0, MAX_ZEILEN).map((e) => (
                    <tr key={e.id} className={e.geprueft ? 'kgv-kb-row kgv-kb-row--geprueft' : 'kgv-kb-row'}>
                      <td>{jahrVon.get(e.kassaabrechnungId) ?? ''}</td>
                      <th scope="row" className="kgv-kb-num">
                        {e.belegnummer}
                      </th>
                      <td className="kgv-kb-nowrap">{formatGermanDate(e.datum)}</td>
                      <td>{e.kontoName}</td>
                      <td>
                        {e.buchungskontoNummer} {e.buchungskontoName}
                      </td>
                      <td className="kgv-kb-text">{e.text}</td>
                      <td className="kgv-kb-num">
                        <Geld cent={e.betragCent} />
                      </td>
                      <td>
                        <BelegeKnopf
                          eintrag={e}
                          canEdit={canEdit}
                          geschlossen={geschlossen.has(e.kassaabrechnungId)}
                          onAnhaengen={() => anhaengen(e)}
                        />
                      </td>
                      <td>
                        <Link href={`/kassa/kassabuch?kassaabrechnung=${e.kassaabrechnungId}&entryID=${e.id}`}>
                          Im Kassabuch
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Text aria-live="polite">
              {zeilen.length === 1 ? '1 Beleg gefunden' : `${zeilen.length} Belege gefunden`}
              {zeilen.length > MAX_ZEILEN ? ` – die ersten ${MAX_ZEILEN} werden gezeigt; bitte genauer suchen.` : ''}
            </Text>
          </>
        )
      ) : treffer.error && !treffer.isLoading ? (
        <LoadFailed title="Die Suche ist fehlgeschlagen." error={treffer.error} onRetry={() => void treffer.mutate()} />
      ) : (
        <Loading label="Belege werden gesucht …" />
      )}
    </Flex>
  );
}

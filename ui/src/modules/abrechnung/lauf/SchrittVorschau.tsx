import { ActionButton, Button, ButtonGroup, Content, Heading, IllustratedMessage, Text } from '@adobe/react-spectrum';
import { type ReactNode, useMemo, useState } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { formatEuro } from '../../../../../src/platform/money';
import { briefeOeffnen, type LaufParameter, type LaufVorschau, type ZvEintrag } from '../../../api/abrechnung';
import { showErrorToast } from '../../../api/toast';
import { type ListColumn, ListTable, type SortDescriptor } from '../../../components/ListTable';
import { compareValues } from '../../../lib/format';
import { SchrittTitel } from './LaufSchritte';

type Zeile = ZvEintrag & { id: number };

const parzellenText = (e: ZvEintrag) =>
  e.parzellen
    .map((p) => p.nummer)
    .filter(Boolean)
    .join(', ');

const SPALTEN: ListColumn<Zeile>[] = [
  { key: 'name', name: 'Name', minWidth: 220, sortValue: (e) => e.name, text: (e) => e.name },
  { key: 'parzellen', name: 'Parzellen', minWidth: 120, sortValue: (e) => parzellenText(e), text: parzellenText },
  {
    key: 'summe',
    name: 'Summe',
    align: 'end',
    minWidth: 130,
    sortValue: (e) => e.summeCent,
    text: (e) => (e.summeCent < 0 ? `Gutschrift ${formatEuro(e.summeCent)}` : formatEuro(e.summeCent)),
    // A negative letter is a credit (water Guthaben): said in words, not only by the minus.
    render: (e) =>
      e.summeCent < 0 ? (
        <span>
          <span className="kgv-lauf-gutschrift">Gutschrift</span> {formatEuro(e.summeCent)}
        </span>
      ) : (
        formatEuro(e.summeCent)
      ),
  },
  {
    key: 'faellig',
    name: 'Fällig am',
    minWidth: 120,
    sortValue: (e) => e.faelligAm,
    text: (e) => formatGermanDate(e.faelligAm),
  },
];

/** The totals per position kind and the run's sum. */
export function SummenJeArt({ vorschau }: { vorschau: LaufVorschau }) {
  return (
    <div className="kgv-dense-frame">
      <table className="kgv-dense-table kgv-lauf-summen" aria-label="Summen je Art">
        <thead>
          <tr>
            <th scope="col">Art</th>
            <th scope="col">Betrag</th>
          </tr>
        </thead>
        <tbody>
          {vorschau.summenJeArt.map((s) => (
            <tr key={s.art}>
              <td>{s.label}</td>
              <td>{formatEuro(s.betragCent)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td>
              Summe ({vorschau.anzahl} {vorschau.anzahl === 1 ? 'Brief' : 'Briefe'})
            </td>
            <td>{formatEuro(vorschau.summeCent)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** Step 3: one row per letter (Name, Parzellen, Summe, Fällig am); a row's letter opens as a draft PDF. */
export function SchrittVorschau(props: {
  vorschau: LaufVorschau;
  params: LaufParameter;
  zusatz?: ReactNode;
  onZurueck: () => void;
  onWeiter: () => void;
}) {
  const { vorschau, params } = props;
  const [sort, setSort] = useState<SortDescriptor>({ column: 'parzellen', direction: 'ascending' });
  const zeilen = useMemo(() => {
    const rows = vorschau.eintraege.map((e) => ({ ...e, id: e.adresseId }));
    const value = SPALTEN.find((c) => c.key === sort.column)?.sortValue;
    if (!value) return rows;
    const factor = sort.direction === 'descending' ? -1 : 1;
    return rows.sort((a, b) => factor * compareValues(value(a), value(b)));
  }, [vorschau.eintraege, sort]);
  const oeffne = (e: ZvEintrag) =>
    void briefeOeffnen({ ...params, adressen: [e.adresseId] }, `${vorschau.titel} ${e.name}`).catch(showErrorToast);

  return (
    <>
      <SchrittTitel nr={3}>3. Vorschau</SchrittTitel>
      <Text>
        {vorschau.anzahl} {vorschau.anzahl === 1 ? 'Brief' : 'Briefe'} über {formatEuro(vorschau.summeCent)}.{' '}
        {vorschau.status.gebucht
          ? '„PDF“ öffnet den gebuchten Brief in einem neuen Tab.'
          : '„PDF“ (oder Enter auf einer Zeile) öffnet den Brief als Entwurf in einem neuen Tab.'}
      </Text>
      <ListTable<Zeile>
        label={`Vorschau: ${vorschau.titel}`}
        columns={SPALTEN}
        rows={zeilen}
        sort={sort}
        onSortChange={setSort}
        onAction={(key) => {
          const e = zeilen.find((z) => z.id === Number(key));
          if (e) oeffne(e);
        }}
        actions={(e) => (
          <ActionButton isQuiet aria-label={`Brief an ${e.name} als PDF`} onPress={() => oeffne(e)}>
            <Text>PDF</Text>
          </ActionButton>
        )}
        actionsWidth={80}
        emptyState={() => (
          <IllustratedMessage>
            <Heading>Keine Briefe</Heading>
            <Content>Für dieses Jahr und Datum gibt es nichts zu verrechnen.</Content>
          </IllustratedMessage>
        )}
      />
      <SummenJeArt vorschau={vorschau} />
      {props.zusatz ? <div>{props.zusatz}</div> : null}
      <ButtonGroup>
        <Button variant="secondary" onPress={props.onZurueck}>
          Zurück
        </Button>
        <Button variant="accent" onPress={props.onWeiter}>
          Weiter zum Buchen
        </Button>
      </ButtonGroup>
    </>
  );
}

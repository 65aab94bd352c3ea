import { DialogContainer, Item, type Key, Picker } from '@adobe/react-spectrum';
import Delete from '@spectrum-icons/workflow/Delete';
import { useMemo, useState } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { useHasRight } from '../../../api/common';
import { usePageTitle } from '../../../app/usePageTitle';
import { useQueryParam } from '../../../app/useQueryParam';
import { DeleteDialog, NumberInput } from '../../../components/formKit';
import { type ListColumn, ListScreen, RowAction } from '../../../components/listKit';
import { centColumn } from '../Geld';
import { AnlageDialog } from './AnlageDialog';
import { type Anlage, deleteAnlage, useAnlageKategorien, useAnlagen } from './api';

type DialogState = { kind: 'edit'; anlage?: Anlage } | { kind: 'delete'; anlage: Anlage };

const ALLE = '__alle';

function columns(jahr: number): ListColumn<Anlage>[] {
  return [
    {
      key: 'bezeichnung',
      name: 'Bezeichnung',
      rowHeader: true,
      minWidth: 140,
      sortValue: (r) => r.bezeichnung,
      text: (r) => r.bezeichnung,
    },
    {
      key: 'kategorie',
      name: 'Kategorie',
      minWidth: 110,
      sortValue: (r) => r.kategorie,
      text: (r) => r.kategorie || '–',
    },
    {
      key: 'anschaffungsdatum',
      name: 'Angeschafft',
      // Room for the sort arrow: the list is sorted by this column.
      minWidth: 145,
      sortValue: (r) => r.anschaffungsdatum,
      text: (r) => formatGermanDate(r.anschaffungsdatum),
      export: { typ: 'datum', value: (r) => r.anschaffungsdatum },
    },
    centColumn('kosten', 'Kosten', (r) => r.anschaffungskostenCent, {
      minWidth: 120,
      exportName: 'Anschaffungskosten',
    }),
    {
      key: 'nutzungsdauer',
      name: 'Dauer',
      align: 'end',
      minWidth: 100,
      sortValue: (r) => r.nutzungsdauerJahre,
      text: (r) => `${r.nutzungsdauerJahre} ${r.nutzungsdauerJahre === 1 ? 'Jahr' : 'Jahre'}`,
      export: { typ: 'zahl', value: (r) => r.nutzungsdauerJahre, name: 'Nutzungsdauer (Jahre)' },
    },
    centColumn('buchwert', `Buchwert 31.12.${jahr}`, (r) => r.buchwertCent, { minWidth: 170 }),
    {
      key: 'abgang',
      name: 'Abgang',
      minWidth: 100,
      sortValue: (r) => r.abgangsdatum,
      text: (r) => (r.abgangsdatum ? formatGermanDate(r.abgangsdatum) : '–'),
      export: { typ: 'datum', value: (r) => r.abgangsdatum },
    },
    {
      key: 'beleg',
      name: 'Beleg',
      align: 'end',
      minWidth: 75,
      sortValue: (r) => r.kassabuchBelegnummer,
      text: (r) => (r.kassabuchBelegnummer === null ? '' : String(r.kassabuchBelegnummer)),
    },
  ];
}

/**
 * /kassa/anlageverzeichnis — the fixed-asset register: purchase, useful life, book value at the end
 * of the chosen year (`?jahr=`), disposal; the dialog shows the depreciation plan.
 */
export default function AnlageverzeichnisScreen() {
  usePageTitle('Anlageverzeichnis');
  const [jahrParam, setJahrParam] = useQueryParam('jahr');
  const [kategorie, setKategorie] = useQueryParam('kategorie');
  const diesesJahr = new Date().getFullYear();
  const gewaehlt = Number(jahrParam);
  const jahr = Number.isInteger(gewaehlt) && gewaehlt >= 1900 && gewaehlt <= 2999 ? gewaehlt : diesesJahr;
  const query = useAnlagen(jahr, kategorie);
  const { data: kategorien } = useAnlageKategorien();
  const canEdit = useHasRight('WebApp.Kassa.Edit') === true;
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const cols = useMemo(() => columns(jahr), [jahr]);
  const kategorieItems = useMemo(
    () => [{ id: ALLE, name: 'Alle Kategorien' }, ...(kategorien ?? []).map((k) => ({ id: k, name: k }))],
    [kategorien],
  );

  return (
    <ListScreen
      eyebrow="Kassa"
      title="Anlageverzeichnis"
      noun={['Anlage', 'Anlagen']}
      query={query}
      canEdit={canEdit}
      onNew={() => setDialog({ kind: 'edit' })}
      newLabel="Neue Anlage"
      filters={
        <>
          <NumberInput
            label="Buchwert zum Ende von"
            value={jahr}
            onChange={(v) => setJahrParam(Number.isInteger(v) && v !== diesesJahr ? String(v) : '')}
            formatOptions={{ useGrouping: false, maximumFractionDigits: 0 }}
            width="size-2400"
          />
          <Picker
            label="Kategorie"
            items={kategorieItems}
            selectedKey={kategorie || ALLE}
            onSelectionChange={(key: Key | null) => setKategorie(key === null || key === ALLE ? '' : String(key))}
            width="size-2400"
          >
            {(item) => <Item key={item.id}>{item.name}</Item>}
          </Picker>
        </>
      }
      filtered={kategorie !== ''}
      filterText={[`Buchwert 31.12.${jahr}`, kategorie && `Kategorie: ${kategorie}`]}
      filterEmpty="In dieser Kategorie gibt es keine Anlagen."
      empty={{
        title: 'Noch keine Anlagen',
        text: 'Tragen Sie hier ein, was der Verein besitzt und abschreibt (z. B. Rasenmäher, Vereinshaus); der Buchwert wird jedes Jahr berechnet.',
        textReadOnly: 'Es wurden noch keine Anlagen eingetragen.',
        action: 'Anlage eintragen',
      }}
      columns={cols}
      defaultSort={{ column: 'anschaffungsdatum', direction: 'ascending' }}
      searchText={(r) => `${r.bezeichnung} ${r.kategorie} ${r.notiz}`}
      exportTitle={`Anlageverzeichnis ${jahr}`}
      onOpen={(anlage) => setDialog({ kind: 'edit', anlage })}
      actionsWidth={80}
      actions={(row) => (
        <RowAction
          label={`Anlage „${row.bezeichnung}“ löschen`}
          icon={<Delete />}
          onPress={() => setDialog({ kind: 'delete', anlage: row })}
        />
      )}
    >
      <DialogContainer onDismiss={() => setDialog(null)}>
        {dialog?.kind === 'edit' ? (
          <AnlageDialog anlage={dialog.anlage} jahr={jahr} readOnly={!canEdit} />
        ) : dialog?.kind === 'delete' ? (
          <DeleteDialog
            title={`Anlage „${dialog.anlage.bezeichnung}“ löschen?`}
            run={() => deleteAnlage(dialog.anlage.id)}
            success={`Anlage „${dialog.anlage.bezeichnung}“ gelöscht.`}
          >
            Die Anlage verschwindet aus dem Verzeichnis und aus allen Anlageberichten, auch aus früheren Jahren. Wurde
            sie verkauft oder verschrottet, tragen Sie stattdessen das Abgangsdatum ein.
          </DeleteDialog>
        ) : null}
      </DialogContainer>
    </ListScreen>
  );
}

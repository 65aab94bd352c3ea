import { ActionButton, DialogContainer, Item, type Key, Picker, Text } from '@adobe/react-spectrum';
import Delete from '@spectrum-icons/workflow/Delete';
import Import from '@spectrum-icons/workflow/Import';
import { useMemo, useState } from 'react';
import { currentYear } from '../../../../../src/platform/dates';
import { formatEuro } from '../../../../../src/platform/money';
import { useHasRight } from '../../../api/common';
import {
  deleteVersicherung,
  useVersicherungen,
  useVersicherungenJahre,
  type Versicherung,
} from '../../../api/versicherungen';
import { usePageTitle } from '../../../app/usePageTitle';
import { useQueryParam } from '../../../app/useQueryParam';
import { DeleteDialog } from '../../../components/formKit';
import { type ListColumn, ListScreen, RowAction } from '../../../components/listKit';
import { centColumn } from '../../kassa/Geld';
import { VersicherungDialog } from './VersicherungDialog';
import { VersicherungenImportDialog } from './VersicherungenImportDialog';

type DialogState =
  | { kind: 'edit'; versicherung?: Versicherung }
  | { kind: 'delete'; versicherung: Versicherung }
  | { kind: 'import' };

const COLUMNS: ListColumn<Versicherung>[] = [
  {
    key: 'parzelle',
    name: 'Parzelle',
    rowHeader: true,
    width: 110,
    sortValue: (r) => r.parzelleNummer,
    text: (r) => r.parzelleNummer,
  },
  { key: 'text', name: 'Text', minWidth: 200, sortValue: (r) => r.text, text: (r) => r.text },
  {
    key: 'versicherer',
    name: 'Versicherer',
    minWidth: 150,
    sortValue: (r) => r.versicherer,
    text: (r) => r.versicherer,
  },
  { key: 'polizze', name: 'Polizze', width: 160, sortValue: (r) => r.polizze, text: (r) => r.polizze },
  // Short columns fixed, so the insurance's text (as on the payment request) and the insurer get the room.
  { ...centColumn('praemie', 'Prämie', (r) => r.praemieCent), width: 140 },
];

/**
 * /rechnungen/versicherungen — the plots' insurances of one year (`?jahr=`), which the year's
 * Zahlungsvorschreibung bills: add, edit, delete, and import the insurer's list (CSV/Excel).
 */
export default function VersicherungenScreen() {
  usePageTitle('Versicherungen');
  const [jahrParam, setJahrParam] = useQueryParam('jahr');
  const jahre = useVersicherungenJahre();
  const diesesJahr = currentYear();
  const gewaehlt = Number(jahrParam);
  const jahr = Number.isInteger(gewaehlt) && gewaehlt >= 2000 && gewaehlt <= 2100 ? gewaehlt : diesesJahr;
  // The billing years, this year and a bookmarked one: the picker always shows the list's year.
  const jahrListe = useMemo(() => {
    // A year that is no billing year has no count from the server: none is shown for it.
    const liste: { jahr: number; anzahl: number | null }[] = [...(jahre.data ?? [])];
    for (const j of new Set([diesesJahr, jahr]))
      if (!liste.some((x) => x.jahr === j)) liste.push({ jahr: j, anzahl: null });
    return liste.sort((a, b) => b.jahr - a.jahr);
  }, [jahre.data, diesesJahr, jahr]);
  const query = useVersicherungen(jahr);
  const canEdit = useHasRight('WebApp.Rechnungspruefung.Edit', 'WebApp.Abrechnung.Edit') === true;
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const summe = (query.data ?? []).reduce((s, v) => s + v.praemieCent, 0);

  return (
    <ListScreen
      eyebrow="Rechnungen"
      title="Versicherungen"
      noun={['Versicherung', 'Versicherungen']}
      query={query}
      canEdit={canEdit}
      onNew={() => setDialog({ kind: 'edit' })}
      newLabel="Neue Versicherung"
      filters={
        <Picker
          label="Jahr"
          items={jahrListe}
          selectedKey={String(jahr)}
          onSelectionChange={(key: Key | null) =>
            setJahrParam(key === null || Number(key) === diesesJahr ? '' : String(key))
          }
          width="size-2400"
        >
          {(j) => (
            <Item key={String(j.jahr)} textValue={String(j.jahr)}>
              <Text>{String(j.jahr)}</Text>
              {j.anzahl === null ? null : (
                <Text slot="description">{j.anzahl === 1 ? '1 Versicherung' : `${j.anzahl} Versicherungen`}</Text>
              )}
            </Item>
          )}
        </Picker>
      }
      toolbar={
        canEdit ? (
          <ActionButton onPress={() => setDialog({ kind: 'import' })}>
            <Import />
            <Text>Aus Datei importieren</Text>
          </ActionButton>
        ) : null
      }
      filterText={[`Jahr ${jahr}`]}
      empty={{
        title: `Noch keine Versicherungen für ${jahr}`,
        text: 'Tragen Sie die Versicherungen der Parzellen ein oder importieren Sie die Liste der Versicherung (CSV oder Excel); die Prämien kommen auf die Zahlungsvorschreibung des Jahres.',
        textReadOnly: `Für ${jahr} wurden noch keine Versicherungen eingetragen.`,
        action: 'Versicherung eintragen',
      }}
      columns={COLUMNS}
      defaultSort={{ column: 'parzelle', direction: 'ascending' }}
      searchText={(r) => `${r.parzelleNummer} ${r.text} ${r.versicherer} ${r.polizze}`}
      searchDescription="Parzelle, Text, Versicherer oder Polizze"
      exportTitle={`Versicherungen ${jahr}`}
      countSuffix={` · Prämien zusammen ${formatEuro(summe)}`}
      onOpen={(versicherung) => setDialog({ kind: 'edit', versicherung })}
      actionsWidth={80}
      actions={(row) => (
        <RowAction
          label={`Versicherung Parzelle ${row.parzelleNummer} löschen`}
          icon={<Delete />}
          onPress={() => setDialog({ kind: 'delete', versicherung: row })}
        />
      )}
    >
      <DialogContainer onDismiss={() => setDialog(null)}>
        {dialog?.kind === 'edit' ? (
          <VersicherungDialog versicherung={dialog.versicherung} jahr={jahr} readOnly={!canEdit} />
        ) : dialog?.kind === 'import' ? (
          <VersicherungenImportDialog jahr={jahr} />
        ) : dialog?.kind === 'delete' ? (
          <DeleteDialog
            title={`Versicherung Parzelle ${dialog.versicherung.parzelleNummer} löschen?`}
            run={() => deleteVersicherung(dialog.versicherung.id)}
            success={`Versicherung Parzelle ${dialog.versicherung.parzelleNummer} gelöscht.`}
          >
            {`„${dialog.versicherung.text}“ über ${formatEuro(dialog.versicherung.praemieCent)} kommt nicht mehr auf die Zahlungsvorschreibung ${jahr}. Eine schon gebuchte Zahlungsvorschreibung bleibt, wie sie ist.`}
          </DeleteDialog>
        ) : null}
      </DialogContainer>
    </ListScreen>
  );
}

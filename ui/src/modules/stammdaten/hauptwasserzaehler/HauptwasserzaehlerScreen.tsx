import { DialogContainer, Flex, StatusLight, Text } from '@adobe/react-spectrum';
import Delete from '@spectrum-icons/workflow/Delete';
import Edit from '@spectrum-icons/workflow/Edit';
import Refresh from '@spectrum-icons/workflow/Refresh';
import { useState } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { useHasRight } from '../../../api/common';
import {
  deleteHauptwasserzaehler,
  type Hauptwasserzaehler,
  useHauptwasserzaehlerList,
} from '../../../api/stammdaten/hauptwasserzaehler';
import { usePageTitle } from '../../../app/usePageTitle';
import { DeleteDialog } from '../../../components/formKit';
import { cubicColumn } from '../../../components/ListTable';
import { type ListColumn, ListScreen, RowAction } from '../../../components/listKit';
import { HauptwasserzaehlerWasserbuch } from '../../wasserbuch/hauptwasserzaehler/HauptwasserzaehlerWasserbuch';
import { HauptwasserzaehlerDialog } from './HauptwasserzaehlerDialog';
import { WechselDialog } from './WechselDialog';

type DialogState =
  | { kind: 'edit'; zaehler?: Hauptwasserzaehler }
  | { kind: 'wechsel'; zaehler: Hauptwasserzaehler }
  | { kind: 'delete'; zaehler: Hauptwasserzaehler };

const COLUMNS: readonly ListColumn<Hauptwasserzaehler>[] = [
  { key: 'nummer', name: 'Nummer', rowHeader: true, sortValue: (r) => r.nummer, text: (r) => r.nummer },
  {
    key: 'bezeichnung',
    name: 'Bezeichnung',
    minWidth: 200,
    sortValue: (r) => r.bezeichnung,
    text: (r) => r.bezeichnung,
  },
  { key: 'standort', name: 'Standort', minWidth: 200, sortValue: (r) => r.standort, text: (r) => r.standort },
  {
    key: 'eichdatum',
    name: 'Eichdatum',
    minWidth: 110,
    sortValue: (r) => r.eichdatum,
    text: (r) => formatGermanDate(r.eichdatum),
    export: { typ: 'datum', value: (r) => r.eichdatum },
  },
  {
    key: 'eichungFaelligAm',
    minWidth: 160,
    name: 'Eichung fällig am',
    sortValue: (r) => r.eichungFaelligAm,
    text: (r) => `${formatGermanDate(r.eichungFaelligAm)}${r.eichungWarnung ? ' Eichung fällig' : ''}`,
    export: { typ: 'datum', value: (r) => r.eichungFaelligAm },
    render: (r) => (
      <Flex alignItems="center" gap="size-100">
        <Text>{formatGermanDate(r.eichungFaelligAm)}</Text>
        {r.eichungWarnung ? <StatusLight variant="notice">Eichung fällig</StatusLight> : null}
      </Flex>
    ),
  },
  cubicColumn('letzteAblesung', 'Letzte Ablesung', (r) => r.letzteAblesung?.stand, { minWidth: 180 }),
  {
    key: 'anzahlParzellen',
    name: 'Parzellen',
    align: 'end',
    sortValue: (r) => r.anzahlParzellen,
    text: (r) => String(r.anzahlParzellen),
    export: { typ: 'zahl', value: (r) => r.anzahlParzellen },
  },
  {
    key: 'status',
    name: 'Status',
    sortValue: (r) => r.aktiv,
    text: (r) => (r.aktiv ? 'aktiv' : 'inaktiv'),
    render: (r) => (
      <StatusLight variant={r.aktiv ? 'positive' : 'neutral'}>{r.aktiv ? 'aktiv' : 'inaktiv'}</StatusLight>
    ),
  },
];

/** Spec §2 Stammdaten: the main water meters, their calibration and the meter change. */
export default function HauptwasserzaehlerScreen() {
  usePageTitle('Hauptwasserzähler');
  const query = useHauptwasserzaehlerList();
  const canEdit = useHasRight('WebApp.Stammdaten.Edit', 'WebApp.Wasser.Edit') === true;
  const [dialog, setDialog] = useState<DialogState | null>(null);
  // Balance, readings and calibration are the water book's (issue 12); its readings need a Wasser right.
  const canSeeReadings = useHasRight('WebApp.Wasser.View', 'WebApp.Wasser.Edit') === true;

  return (
    <ListScreen
      eyebrow="Stammdaten"
      title="Hauptwasserzähler"
      noun={['Hauptwasserzähler', 'Hauptwasserzähler', 'Hauptwasserzählern']}
      query={query}
      canEdit={canEdit}
      onNew={() => setDialog({ kind: 'edit' })}
      newLabel="Neuer Hauptwasserzähler"
      empty={{
        title: 'Noch keine Hauptwasserzähler',
        text: 'Legen Sie den ersten Hauptwasserzähler an; danach können Sie ihm Parzellen zuordnen.',
        textReadOnly: 'Es wurden noch keine Hauptwasserzähler angelegt.',
        action: 'Hauptwasserzähler anlegen',
      }}
      columns={COLUMNS}
      defaultSort={{ column: 'nummer', direction: 'ascending' }}
      searchText={(r) => `${r.nummer} ${r.bezeichnung} ${r.standort}`}
      onOpen={(zaehler) => setDialog({ kind: 'edit', zaehler })}
      actionsWidth={150}
      actions={(row) => (
        <>
          <RowAction
            label={`Hauptwasserzähler ${row.nummer} bearbeiten`}
            icon={<Edit />}
            onPress={() => setDialog({ kind: 'edit', zaehler: row })}
          />
          <RowAction
            label={`Zählerwechsel ${row.nummer}`}
            icon={<Refresh />}
            onPress={() => setDialog({ kind: 'wechsel', zaehler: row })}
          />
          <RowAction
            label={`Hauptwasserzähler ${row.nummer} löschen`}
            icon={<Delete />}
            onPress={() => setDialog({ kind: 'delete', zaehler: row })}
          />
        </>
      )}
    >
      <HauptwasserzaehlerWasserbuch zaehler={query.data} canSeeReadings={canSeeReadings} />
      <DialogContainer onDismiss={() => setDialog(null)}>
        {dialog?.kind === 'edit' ? (
          <HauptwasserzaehlerDialog zaehler={dialog.zaehler} readOnly={!canEdit} />
        ) : dialog?.kind === 'wechsel' ? (
          <WechselDialog zaehler={dialog.zaehler} />
        ) : dialog?.kind === 'delete' ? (
          <DeleteDialog
            title={`Hauptwasserzähler ${dialog.zaehler.nummer} löschen?`}
            run={() => deleteHauptwasserzaehler(dialog.zaehler.id)}
            success={`Hauptwasserzähler ${dialog.zaehler.nummer} gelöscht.`}
          >
            Der Zähler wird endgültig gelöscht. Hängen noch Parzellen an ihm, geht das nicht – setzen Sie ihn dann auf
            „inaktiv“ oder ordnen Sie die Parzellen zuerst einem anderen Zähler zu.
          </DeleteDialog>
        ) : null}
      </DialogContainer>
    </ListScreen>
  );
}

import { ActionButton, DialogContainer, Flex, StatusLight, Text } from '@adobe/react-spectrum';
import Delete from '@spectrum-icons/workflow/Delete';
import Edit from '@spectrum-icons/workflow/Edit';
import { Fragment, type ReactNode, useState } from 'react';
import { formatGermanDate, todayIso } from '../../../../../src/platform/dates';
import { type AbstellplatzZuordnung, deleteZuordnung } from '../../../api/stammdaten/abstellplaetze';
import { DeleteDialog } from '../../../components/formKit';
import { ZuordnungForm } from './ZuordnungForm';
import './zuordnungen.css';

export interface ZuordnungColumn<T> {
  header: string;
  cell: (zuordnung: T) => ReactNode;
  /** Money and counts sit right. */
  align?: 'end';
}

export interface ZuordnungenListProps<T extends AbstellplatzZuordnung> {
  /** Newest first, as the server answers. */
  zuordnungen: readonly T[];
  /** The columns before von, bis and Status. */
  columns: readonly ZuordnungColumn<T>[];
  /** Names an assignment in labels and the question: "Huber Maria" or "Abstellplatz P2". */
  nameOf: (zuordnung: T) => string;
  /** The table's accessible name. */
  label: string;
  /** Without the Edit right: the list only. */
  readOnly: boolean;
}

type Status = { text: string; variant: 'positive' | 'info' | 'neutral' };

function statusOf(z: AbstellplatzZuordnung, today: string): Status {
  if (z.von > today) return { text: 'künftig', variant: 'info' };
  if (z.bis !== null && z.bis < today) return { text: 'beendet', variant: 'neutral' };
  return { text: 'aktuell', variant: 'positive' };
}

const period = (z: AbstellplatzZuordnung) =>
  `${formatGermanDate(z.von)} bis ${z.bis ? formatGermanDate(z.bis) : 'offen'}`;

/**
 * The assignments of a parking space to addresses, with "Bearbeiten" (von/bis in place) and
 * "Entfernen". Shared by the Abstellplatz dialog and the address's Abstellplätze tab.
 */
export function ZuordnungenList<T extends AbstellplatzZuordnung>(props: ZuordnungenListProps<T>) {
  const { zuordnungen, columns, nameOf, readOnly } = props;
  const [editingId, setEditingId] = useState<number | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  const today = todayIso();
  const columnCount = columns.length + 3 + (readOnly ? 0 : 1);

  return (
    <>
      {/* Never wider than the dialog: the buttons wrap first, the table scrolls only as a last resort. */}
      <div className="kgv-zuordnungen-scroll">
        <table className="kgv-zuordnungen" aria-label={props.label}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={column.align === 'end' ? 'kgv-end' : undefined}>
                  {column.header}
                </th>
              ))}
              <th scope="col">von</th>
              <th scope="col">bis</th>
              <th scope="col">Status</th>
              {readOnly ? null : (
                <th scope="col">
                  <span className="kgv-visually-hidden">Aktionen</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {zuordnungen.map((z) => {
              const status = statusOf(z, today);
              const label = `${nameOf(z)} ab ${formatGermanDate(z.von)}`;
              return (
                <Fragment key={z.id}>
                  <tr aria-current={status.text === 'aktuell' ? 'true' : undefined}>
                    {columns.map((column) => (
                      <td key={column.header} className={column.align === 'end' ? 'kgv-end' : undefined}>
                        {column.cell(z)}
                      </td>
                    ))}
                    <td className="kgv-nowrap">{formatGermanDate(z.von)}</td>
                    <td className="kgv-nowrap">{z.bis ? formatGermanDate(z.bis) : 'offen'}</td>
                    <td>
                      <StatusLight variant={status.variant}>{status.text}</StatusLight>
                    </td>
                    {readOnly ? null : (
                      <td>
                        <Flex gap="size-50" justifyContent="end" wrap>
                          <ActionButton
                            isQuiet
                            aria-label={`Bearbeiten: ${label}`}
                            isDisabled={editingId === z.id}
                            onPress={() => setEditingId(z.id)}
                          >
                            <Edit />
                            <Text>Bearbeiten</Text>
                          </ActionButton>
                          <ActionButton isQuiet aria-label={`Entfernen: ${label}`} onPress={() => setRemoving(z)}>
                            <Delete />
                            <Text>Entfernen</Text>
                          </ActionButton>
                        </Flex>
                      </td>
                    )}
                  </tr>
                  {editingId === z.id ? (
                    <tr className="kgv-zuordnung-edit">
                      <td colSpan={columnCount}>
                        <ZuordnungForm zuordnung={z} name={label} onDone={() => setEditingId(null)} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      <DialogContainer onDismiss={() => setRemoving(null)}>
        {removing ? (
          <DeleteDialog
            title={`Zuordnung „${nameOf(removing)}“ entfernen?`}
            actionLabel="Entfernen"
            run={() => deleteZuordnung(removing.id)}
            success="Zuordnung entfernt."
          >
            {`„${nameOf(removing)}“, ${period(removing)}. `}
            Die Zuordnung wird gelöscht, als hätte es sie nie gegeben – auch in den vergangenen Jahren. Endet die
            Nutzung nur, wählen Sie stattdessen „Bearbeiten“ und tragen Sie das Ende bei „bis“ ein.
          </DeleteDialog>
        ) : null}
      </DialogContainer>
    </>
  );
}

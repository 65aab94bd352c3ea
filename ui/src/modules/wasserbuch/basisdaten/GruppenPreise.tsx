import { Button, DialogContainer, Flex, Heading, Text, View } from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import Delete from '@spectrum-icons/workflow/Delete';
import Edit from '@spectrum-icons/workflow/Edit';
import Preview from '@spectrum-icons/workflow/Preview';
import { useState } from 'react';
import { DeleteDialog } from '../../../components/formKit';
import { type ListColumn, ListTable, type SortDescriptor } from '../../../components/ListTable';
import { RowAction } from '../../../components/listKit';
import { compareValues } from '../../../lib/format';
import { deleteGruppenpreis, type WasserGruppenpreis, type Wassergrunddaten } from './api';
import { GruppenpreisDialog } from './GruppenpreisDialog';
import { GruppenVorschauDialog } from './GruppenVorschauDialog';
import { formatPreis } from './preis';

const COLUMNS: readonly ListColumn<WasserGruppenpreis>[] = [
  {
    key: 'gruppeName',
    name: 'Gruppe',
    rowHeader: true,
    minWidth: 200,
    sortValue: (r) => r.gruppeName,
    text: (r) => r.gruppeName,
  },
  {
    key: 'preisProM3',
    name: 'Preis pro m³',
    align: 'end',
    sortValue: (r) => Number(r.preisProM3),
    text: (r) => formatPreis(r.preisProM3),
  },
  {
    key: 'anzahlParzellen',
    name: 'Parzellen',
    align: 'end',
    sortValue: (r) => r.anzahlParzellen,
    text: (r) => String(r.anzahlParzellen),
  },
];

type DialogState =
  | { kind: 'edit'; preis?: WasserGruppenpreis }
  | { kind: 'delete'; preis: WasserGruppenpreis }
  | { kind: 'vorschau'; preis: WasserGruppenpreis };

/** The water groups of a year that pay their own price per m³: add, change, remove. */
export function GruppenPreise({ daten, canEdit }: { daten: Wassergrunddaten; canEdit: boolean }) {
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [sort, setSort] = useState<SortDescriptor>({ column: 'gruppeName', direction: 'ascending' });
  const sortValue = COLUMNS.find((c) => c.key === sort.column)?.sortValue;
  const rows = sortValue
    ? [...daten.gruppen].sort(
        (a, b) => (sort.direction === 'descending' ? -1 : 1) * compareValues(sortValue(a), sortValue(b)),
      )
    : daten.gruppen;

  return (
    <View>
      <Flex alignItems="end" gap="size-200" wrap>
        <View>
          <Heading level={2} margin={0}>
            Gruppenpreise {daten.jahr}
          </Heading>
          <Text>
            Wassergruppen mit eigenem Preis pro m³; alle anderen Parzellen zahlen {formatPreis(daten.preisProM3)}.
          </Text>
        </View>
        {canEdit ? (
          <Button variant="secondary" marginStart="auto" onPress={() => setDialog({ kind: 'edit' })}>
            <Add />
            <Text>Gruppenpreis hinzufügen</Text>
          </Button>
        ) : null}
      </Flex>
      {rows.length === 0 ? (
        <Text UNSAFE_style={{ display: 'block', marginTop: 'var(--spectrum-global-dimension-size-150)' }}>
          Keine Gruppe hat einen eigenen Preis.
        </Text>
      ) : (
        <View marginTop="size-150">
          <ListTable
            label={`Gruppenpreise ${daten.jahr}`}
            columns={COLUMNS}
            rows={rows.map((r) => ({ ...r }))}
            sort={sort}
            onSortChange={setSort}
            onAction={undefined}
            actions={(row) => (
              <>
                {/* The preview writes nothing: the View right may check a price too. */}
                <RowAction
                  label={`Vorschau der Gruppe ${row.gruppeName}`}
                  icon={<Preview />}
                  onPress={() => setDialog({ kind: 'vorschau', preis: row })}
                />
                {canEdit ? (
                  <>
                    <RowAction
                      label={`Gruppenpreis ${row.gruppeName} bearbeiten`}
                      icon={<Edit />}
                      onPress={() => setDialog({ kind: 'edit', preis: row })}
                    />
                    <RowAction
                      label={`Gruppenpreis ${row.gruppeName} löschen`}
                      icon={<Delete />}
                      onPress={() => setDialog({ kind: 'delete', preis: row })}
                    />
                  </>
                ) : null}
              </>
            )}
            height="size-3000"
            emptyState={() => <Text>Keine Gruppenpreise.</Text>}
          />
        </View>
      )}
      <DialogContainer onDismiss={() => setDialog(null)}>
        {dialog?.kind === 'edit' ? (
          <GruppenpreisDialog
            wasserberechnungID={daten.id}
            jahr={daten.jahr}
            preis={dialog.preis}
            vergeben={daten.gruppen.map((g) => g.gruppeId)}
          />
        ) : dialog?.kind === 'vorschau' ? (
          <GruppenVorschauDialog daten={daten} preis={dialog.preis} />
        ) : dialog?.kind === 'delete' ? (
          <DeleteDialog
            title={`Gruppenpreis ${dialog.preis.gruppeName} löschen?`}
            run={() => deleteGruppenpreis(dialog.preis.id, daten.id)}
            success={`Gruppenpreis ${dialog.preis.gruppeName} gelöscht.`}
          >
            Die Parzellen der Gruppe {dialog.preis.gruppeName} zahlen danach den allgemeinen Preis von{' '}
            {formatPreis(daten.preisProM3)} pro m³.
          </DeleteDialog>
        ) : null}
      </DialogContainer>
    </View>
  );
}

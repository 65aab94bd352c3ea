import { ActionButton, Button, DialogContainer, Flex, Heading, Text, View } from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import Delete from '@spectrum-icons/workflow/Delete';
import Edit from '@spectrum-icons/workflow/Edit';
import { useState } from 'react';
import {
  PACHTZUSCHLAG_ART_LABEL,
  PACHTZUSCHLAG_BASIS_LABEL,
} from '../../../../../src/modules/abrechnung/schema/pachtzuschlag';
import { formatPercent } from '../../../../../src/platform/money';
import { deletePachtzuschlag, type Pachtzuschlag, usePachtzuschlaege } from '../../../api/abrechnung';
import { DeleteDialog } from '../../../components/formKit';
import { PARZELLE_FLAG_OPTIONS } from '../../stammdaten/parzellen/parzelleFormValues';
import { PachtzuschlagDialog } from './PachtzuschlagDialog';
import '../../../components/denseTable.css';
import '../basisdaten.css';

export interface PachtzuschlaegeListeProps {
  pachtabrechnungId: number;
  jahr: number;
  readOnly: boolean;
  parzellen: { id: number; nummer: string }[];
}

/** "1,31 €/m²", "14,5 %", "5,00 € pro Parzelle". */
export function wertText(z: Pachtzuschlag): string {
  const zahl = Number(z.wert).toLocaleString('de-AT', { maximumFractionDigits: 4, minimumFractionDigits: 0 });
  if (z.art === 'prozent') return formatPercent(z.wert, 4, { nbsp: false });
  if (z.art === 'proM2') return `${zahl} €/m²`;
  return `${zahl} € pro Parzelle`;
}

export function geltungText(z: Pachtzuschlag): string {
  if (z.parzellenFlag) {
    const merkmal = PARZELLE_FLAG_OPTIONS.find((o) => o.bit === z.parzellenFlag)?.label ?? `Merkmal ${z.parzellenFlag}`;
    return `Parzellen mit Merkmal „${merkmal}“`;
  }
  if (z.parzellenIds) return `${z.parzellenIds.length} Parzellen`;
  return 'alle';
}

/** The year's surcharges (Pachtzuschläge) with their dialog. */
export function PachtzuschlaegeListe({ pachtabrechnungId, jahr, readOnly, parzellen }: PachtzuschlaegeListeProps) {
  const { data: zuschlaege } = usePachtzuschlaege(pachtabrechnungId);
  const [offen, setOffen] = useState<Pachtzuschlag | 'neu' | null>(null);
  const [loeschen, setLoeschen] = useState<Pachtzuschlag | null>(null);

  return (
    <View borderWidth="thin" borderColor="default" borderRadius="medium" padding="size-250">
      <Flex alignItems="center" gap="size-200">
        <Heading level={2} marginY={0}>
          Pachtzuschläge
        </Heading>
        {readOnly ? null : (
          <Button variant="secondary" marginStart="auto" onPress={() => setOffen('neu')}>
            <Add />
            <Text>Neuer Pachtzuschlag</Text>
          </Button>
        )}
      </Flex>
      {zuschlaege && zuschlaege.length === 0 ? (
        <Text>Noch keine Pachtzuschläge für {jahr}.</Text>
      ) : (
        <div className="kgv-dense-frame" style={{ marginTop: '0.75rem' }}>
          <table className="kgv-dense-table" aria-label={`Pachtzuschläge ${jahr}`}>
            <thead>
              <tr>
                <th scope="col">Bezeichnung</th>
                <th scope="col">Art</th>
                <th scope="col" className="kgv-bd-num">
                  Wert
                </th>
                <th scope="col">Basis</th>
                <th scope="col">gilt für</th>
                <th scope="col" className="kgv-bd-num">
                  Anzahl Parzellen
                </th>
                {readOnly ? null : <th scope="col">Aktionen</th>}
              </tr>
            </thead>
            <tbody>
              {(zuschlaege ?? []).map((z) => (
                <tr key={z.id}>
                  <td>{z.bezeichnung}</td>
                  <td>{PACHTZUSCHLAG_ART_LABEL[z.art]}</td>
                  <td className="kgv-bd-num">{wertText(z)}</td>
                  <td>{z.basis.map((b) => PACHTZUSCHLAG_BASIS_LABEL[b]).join(', ')}</td>
                  <td>{geltungText(z)}</td>
                  <td className="kgv-bd-num">{z.anzahlParzellen}</td>
                  {readOnly ? null : (
                    <td className="kgv-bd-aktionen">
                      <ActionButton isQuiet aria-label={`${z.bezeichnung} bearbeiten`} onPress={() => setOffen(z)}>
                        <Edit />
                      </ActionButton>
                      <ActionButton isQuiet aria-label={`${z.bezeichnung} löschen`} onPress={() => setLoeschen(z)}>
                        <Delete />
                      </ActionButton>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <DialogContainer onDismiss={() => setOffen(null)}>
        {offen ? (
          <PachtzuschlagDialog
            pachtabrechnungId={pachtabrechnungId}
            jahr={jahr}
            zuschlag={offen === 'neu' ? null : offen}
            parzellen={parzellen}
          />
        ) : null}
      </DialogContainer>
      <DialogContainer onDismiss={() => setLoeschen(null)}>
        {loeschen ? (
          <DeleteDialog
            title={`Pachtzuschlag „${loeschen.bezeichnung}“ löschen?`}
            run={() => deletePachtzuschlag(loeschen.id)}
            success={`Pachtzuschlag „${loeschen.bezeichnung}“ gelöscht.`}
          >
            Der Zuschlag wird aus der Pachtberechnung {jahr} entfernt.
          </DeleteDialog>
        ) : null}
      </DialogContainer>
    </View>
  );
}

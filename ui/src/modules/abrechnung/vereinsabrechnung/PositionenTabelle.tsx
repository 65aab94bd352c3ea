import { ActionButton, Button, Checkbox, Flex, Item, Picker, TextField } from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import ChevronDown from '@spectrum-icons/workflow/ChevronDown';
import ChevronUp from '@spectrum-icons/workflow/ChevronUp';
import Delete from '@spectrum-icons/workflow/Delete';
import type { Key } from 'react';
import {
  VEREINS_POSITION_ART_LABEL,
  VEREINS_POSITION_ARTEN,
} from '../../../../../src/modules/abrechnung/schema/vereinsabrechnung';
import type { VereinsPositionArt } from '../../../api/abrechnung';
import type { BuchungskontoLookup } from '../../../api/kassa';
import { invalid, NumberInput } from '../../../components/formKit';
import { EURO_FORMAT } from '../../../lib/fieldFormats';
import { BuchungskontoPicker, RATE_FORMAT, SteuersatzPicker } from '../basisdatenKit';
import '../../../components/denseTable.css';
import '../basisdaten.css';

/** One row as edited: amounts as euros / € per m² (NaN = empty); `key` keeps React's rows apart. */
export interface PositionZeile {
  key: number;
  text: string;
  art: VereinsPositionArt;
  betragEuro: number;
  satz: number;
  steuersatz: number;
  buchungskontoId: number | null;
  nurMitglieder: boolean;
}

export interface PositionenTabelleProps {
  zeilen: PositionZeile[];
  onChange: (zeilen: PositionZeile[]) => void;
  konten: BuchungskontoLookup[] | undefined;
  readOnly: boolean;
  fehler: Record<string, string>;
  jahr: number;
}

let naechsterKey = 1;
export const neueZeile = (): PositionZeile => ({
  key: naechsterKey++,
  text: '',
  art: 'proParzelle',
  betragEuro: Number.NaN,
  satz: Number.NaN,
  steuersatz: 0,
  buchungskontoId: null,
  nurMitglieder: false,
});
export const zeileMitKey = (z: Omit<PositionZeile, 'key'>): PositionZeile => ({ ...z, key: naechsterKey++ });

/** The club positions of a year as an editable table: text, kind, amount or rate, tax, account, members only. */
export function PositionenTabelle({ zeilen, onChange, konten, readOnly, fehler, jahr }: PositionenTabelleProps) {
  const aendern = (i: number, teil: Partial<PositionZeile>) =>
    onChange(zeilen.map((z, j) => (j === i ? { ...z, ...teil } : z)));
  const verschieben = (i: number, um: number) => {
    const neu = [...zeilen];
    const [zeile] = neu.splice(i, 1);
    if (zeile) neu.splice(i + um, 0, zeile);
    onChange(neu);
  };
  const fehlerAn = (i: number, feld: string) => invalid(fehler[`positionen.${i}.${feld}`]);

  return (
    <Flex direction="column" gap="size-150">
      <div className="kgv-dense-frame">
        <table className="kgv-dense-table" aria-label={`Vereinspositionen ${jahr}`}>
          <thead>
            <tr>
              <th scope="col">Text</th>
              <th scope="col">Art</th>
              <th scope="col" className="kgv-bd-num">
                Betrag / Satz
              </th>
              <th scope="col">Steuersatz</th>
              <th scope="col">Buchungskonto</th>
              <th scope="col">nur Mitglieder</th>
              {readOnly ? null : <th scope="col">Aktionen</th>}
            </tr>
          </thead>
          <tbody>
            {zeilen.map((z, i) => {
              const n = i + 1;
              return (
                <tr key={z.key}>
                  <td>
                    <TextField
                      aria-label={`Text Position ${n}`}
                      value={z.text}
                      isReadOnly={readOnly}
                      onChange={(text) => aendern(i, { text })}
                      width="size-2400"
                      {...fehlerAn(i, 'text')}
                    />
                  </td>
                  <td>
                    <Picker
                      aria-label={`Art Position ${n}`}
                      selectedKey={z.art}
                      isDisabled={readOnly}
                      onSelectionChange={(key: Key | null) =>
                        key !== null && aendern(i, { art: key as VereinsPositionArt })
                      }
                      width="size-2000"
                      {...fehlerAn(i, 'art')}
                    >
                      {VEREINS_POSITION_ARTEN.map((a) => (
                        <Item key={a}>{artLabel(a)}</Item>
                      ))}
                    </Picker>
                  </td>
                  <td className="kgv-bd-num">
                    {z.art === 'proM2' ? (
                      <NumberInput
                        aria-label={`Satz €/m² Position ${n}`}
                        formatOptions={RATE_FORMAT}
                        value={z.satz}
                        isReadOnly={readOnly}
                        onChange={(satz) => aendern(i, { satz })}
                        width="size-1600"
                        {...fehlerAn(i, 'satz')}
                      />
                    ) : (
                      <NumberInput
                        aria-label={`Betrag Position ${n}`}
                        formatOptions={EURO_FORMAT}
                        value={z.betragEuro}
                        isReadOnly={readOnly}
                        onChange={(betragEuro) => aendern(i, { betragEuro })}
                        width="size-1600"
                        {...fehlerAn(i, 'betragCent')}
                      />
                    )}
                  </td>
                  <td>
                    <SteuersatzPicker
                      ariaLabel={`Steuersatz Position ${n}`}
                      value={z.steuersatz}
                      isDisabled={readOnly}
                      onChange={(steuersatz) => aendern(i, { steuersatz })}
                      width="size-1000"
                      errorMessage={fehler[`positionen.${i}.steuersatz`]}
                    />
                  </td>
                  <td>
                    <BuchungskontoPicker
                      label="Buchungskonto"
                      ariaLabel={`Buchungskonto Position ${n}`}
                      konten={konten}
                      value={z.buchungskontoId}
                      isDisabled={readOnly}
                      onChange={(buchungskontoId) => aendern(i, { buchungskontoId })}
                      width="size-2400"
                      errorMessage={fehler[`positionen.${i}.buchungskontoId`]}
                    />
                  </td>
                  <td>
                    <Checkbox
                      aria-label={`nur Mitglieder Position ${n}`}
                      isSelected={z.nurMitglieder}
                      isDisabled={readOnly}
                      onChange={(nurMitglieder) => aendern(i, { nurMitglieder })}
                    />
                  </td>
                  {readOnly ? null : (
                    <td className="kgv-bd-aktionen">
                      <ActionButton
                        isQuiet
                        aria-label={`Position ${n} nach oben`}
                        isDisabled={i === 0}
                        onPress={() => verschieben(i, -1)}
                      >
                        <ChevronUp />
                      </ActionButton>
                      <ActionButton
                        isQuiet
                        aria-label={`Position ${n} nach unten`}
                        isDisabled={i === zeilen.length - 1}
                        onPress={() => verschieben(i, 1)}
                      >
                        <ChevronDown />
                      </ActionButton>
                      <ActionButton
                        isQuiet
                        aria-label={`Position ${n} entfernen`}
                        onPress={() => onChange(zeilen.filter((_, j) => j !== i))}
                      >
                        <Delete />
                      </ActionButton>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {readOnly ? null : (
        <Flex>
          <Button variant="secondary" onPress={() => onChange([...zeilen, neueZeile()])}>
            <Add />
            <span>Position hinzufügen</span>
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

/** "Pro Mitglied" (capitalised for the drop-down). */
export function artLabel(art: VereinsPositionArt): string {
  const label = VEREINS_POSITION_ART_LABEL[art];
  return label.charAt(0).toUpperCase() + label.slice(1);
}

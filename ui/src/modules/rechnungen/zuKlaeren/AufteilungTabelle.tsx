import { ActionButton, TextField } from '@adobe/react-spectrum';
import { formatEuro, parseGermanAmount } from '../../../../../src/platform/money';
import { invalid } from '../../../components/formKit';
import { Geld } from '../../kassa/Geld';

// The receivables a payment is split over, each with the amount it pays (typed as "1.553,44"):
// 'Zahlungen zuordnen' (Andere Rechnung suchen) and Kassa's entry dialog edit the same rows.

export interface AufteilungZeile {
  rechnungId: number;
  nummer: string;
  adresseName: string;
  /** Known when the row was picked from a search or suggestion (for the Guthaben and the hint). */
  adresseId?: number | undefined;
  offenCent?: number | undefined;
  /** The amount as typed. */
  betrag: string;
}

/** The rows' amounts in cents; null where a row's text is no amount. */
export function aufteilungCent(zeilen: readonly AufteilungZeile[]): (number | null)[] {
  return zeilen.map((z) => parseGermanAmount(z.betrag));
}

/** The sum of the amounts that read as amounts. */
export function aufteilungSumme(zeilen: readonly AufteilungZeile[]): number {
  return aufteilungCent(zeilen).reduce<number>((sum, c) => sum + (c ?? 0), 0);
}

/** "1.553,44": an amount as the field shows it (no euro sign, the Kassier types it so). */
export const betragEingabe = (cents: number) => formatEuro(cents).replace(/^(-?)€\s*/u, '$1');

export interface AufteilungTabelleProps {
  zeilen: readonly AufteilungZeile[];
  onChange: (zeilen: AufteilungZeile[]) => void;
  readOnly?: boolean;
  /** A German message per row (the server's, or "kein Betrag"). */
  fehler?: Readonly<Record<number, string>>;
  label: string;
}

export function AufteilungTabelle({ zeilen, onChange, readOnly = false, fehler = {}, label }: AufteilungTabelleProps) {
  const setze = (i: number, betrag: string) => onChange(zeilen.map((z, j) => (j === i ? { ...z, betrag } : z)));
  // Saved allocations (the entry dialog) do not carry the receivable's open amount: an empty column would read as 0.
  const zeigeOffen = zeilen.some((z) => z.offenCent !== undefined);
  return (
    <div className="kgv-dense-frame">
      <table className="kgv-dense-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Rechnung</th>
            <th scope="col">Name</th>
            {zeigeOffen ? (
              <th scope="col" className="kgv-zk-num">
                Offen
              </th>
            ) : null}
            <th scope="col" className="kgv-zk-num">
              Betrag
            </th>
            {readOnly ? null : (
              <th scope="col">
                <span className="kgv-zk-sr">Entfernen</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {zeilen.map((z, i) => (
            <tr key={z.rechnungId}>
              <th scope="row">{z.nummer}</th>
              <td>{z.adresseName}</td>
              {zeigeOffen ? (
                <td className="kgv-zk-num">{z.offenCent === undefined ? '' : <Geld cent={z.offenCent} />}</td>
              ) : null}
              <td className="kgv-zk-num">
                {readOnly ? (
                  <Geld cent={parseGermanAmount(z.betrag)} />
                ) : (
                  <TextField
                    aria-label={`Betrag für ${z.nummer}`}
                    inputMode="decimal"
                    width="size-1600"
                    value={z.betrag}
                    onChange={(v) => setze(i, v)}
                    {...invalid(fehler[z.rechnungId])}
                  />
                )}
              </td>
              {readOnly ? null : (
                <td>
                  <ActionButton
                    isQuiet
                    aria-label={`${z.nummer} entfernen`}
                    onPress={() => onChange(zeilen.filter((_, j) => j !== i))}
                  >
                    Entfernen
                  </ActionButton>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

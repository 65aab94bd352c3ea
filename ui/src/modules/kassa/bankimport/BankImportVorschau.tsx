import { Flex, Text } from '@adobe/react-spectrum';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { formatEuro } from '../../../../../src/platform/money';
import { MessageBanner } from '../../../components/MessageBanner';
import { Geld } from '../Geld';
import type { BankImportErgebnis } from './bankImportApi';
import '../../../components/denseTable.css';
import './bankImport.css';

/** More rows than this make the dialog slow; the rest is counted, not listed. */
export const VORSCHAU_ZEILEN = 500;

const euro = (cent: number | null) => (cent === null ? '–' : formatEuro(cent));

/**
 * The server's `warnungen` lines of its balance check (services/bankImportSaldo.ts): the dialog says
 * the same with SaldoPruefung, so these are not listed a second time under "Bitte prüfen".
 */
export function istSaldoWarnung(zeile: string): boolean {
  return (
    (zeile.startsWith('Der Kontoauszug') && zeile.includes(' geht nicht auf: ')) ||
    zeile.startsWith('Die Datei enthält keine Salden')
  );
}

/**
 * Opening + entries = closing of the statement(s): a tick, or one warning with the numbers. A file
 * of several statements also names the statements that do not add up (the server checks each).
 */
export function SaldoPruefung({
  saldo,
  auszuege = [],
}: {
  saldo: BankImportErgebnis['saldo'];
  auszuege?: BankImportErgebnis['auszuege'];
}) {
  if (saldo.stimmt === null) {
    return (
      <Text>
        Summe der Buchungen {euro(saldo.summeCent)} – die Datei enthält keine Salden, der Kontostand lässt sich nicht
        prüfen.
      </Text>
    );
  }
  const rechnung = `Anfangssaldo ${euro(saldo.anfangCent)} + Summe ${euro(saldo.summeCent)}`;
  if (saldo.stimmt) {
    return (
      <Text UNSAFE_className="kgv-bankimport-ok">
        ✓ {rechnung} = Endsaldo {euro(saldo.endeCent)}
      </Text>
    );
  }
  const gerechnet = (saldo.anfangCent ?? 0) + saldo.summeCent;
  const betroffen =
    auszuege.length > 1
      ? auszuege
          .filter((a) => a.stimmt === false)
          .map(
            (a) =>
              ` Betroffen ist der Auszug${a.iban ? ` von ${a.iban}` : ''}: Anfangssaldo ${euro(a.anfangCent)} + Buchungen ${euro(a.summeCent)} = ${euro((a.anfangCent ?? 0) + a.summeCent)}, laut Bank ${euro(a.endeCent)}.`,
          )
          .join('')
      : '';
  return (
    <MessageBanner
      level="warning"
      title="Der Kontoauszug geht nicht auf"
      message={`${rechnung} = ${euro(gerechnet)}, laut Auszug ist der Endsaldo aber ${euro(saldo.endeCent)} (Differenz ${euro((saldo.endeCent ?? 0) - gerechnet)}).${betroffen} Fehlt ein Auszug oder wurde die Datei gekürzt? Sie können trotzdem importieren.`}
    />
  );
}

/** The preview of ImportBank?dryRun=true: counts, balance check, warnings and every entry. */
export function BankImportVorschau({ vorschau }: { vorschau: BankImportErgebnis }) {
  const zeilen = vorschau.eintraege.slice(0, VORSCHAU_ZEILEN);
  const warnungen = vorschau.warnungen.filter((w) => !istSaldoWarnung(w));
  return (
    <Flex direction="column" gap="size-100" marginTop="size-100">
      <Text UNSAFE_style={{ fontWeight: 700 }}>
        {vorschau.eintraege.length} Buchungen in der Datei · {vorschau.importiert} neu · {vorschau.duplikate} bereits
        importiert
      </Text>
      <SaldoPruefung saldo={vorschau.saldo} auszuege={vorschau.auszuege} />
      {warnungen.length ? (
        <div>
          <Text UNSAFE_className="kgv-bankimport-warnung">Bitte prüfen:</Text>
          <ul>
            {warnungen.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {zeilen.length ? (
        <div className="kgv-dense-frame kgv-bankimport-frame">
          <table className="kgv-dense-table kgv-bankimport-table" aria-label="Vorschau der Bankbuchungen">
            <thead>
              <tr>
                <th scope="col">Datum</th>
                <th scope="col" className="kgv-bankimport-num">
                  Betrag
                </th>
                <th scope="col">Name</th>
                <th scope="col">IBAN</th>
                <th scope="col">Verwendungszweck</th>
                <th scope="col">Referenz</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {zeilen.map((e, i) => (
                <tr
                  // The file's order is the only stable key: two entries may be alike in every field.
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows never move within one preview
                  key={i}
                  className={e.duplikat ? 'kgv-bankimport-duplikat' : undefined}
                >
                  <td>{formatGermanDate(e.datum)}</td>
                  <td className="kgv-bankimport-num">
                    <Geld cent={e.betragCent} />
                  </td>
                  <td>{e.name}</td>
                  <td>{e.iban ?? ''}</td>
                  <td>{e.verwendungszweck}</td>
                  <td>{e.referenz ?? ''}</td>
                  <td>{e.duplikat ? 'bereits importiert' : e.storno ? 'neu (Storno)' : 'neu'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {vorschau.eintraege.length > zeilen.length ? (
        <Text>
          Gezeigt sind die ersten {zeilen.length} von {vorschau.eintraege.length} Buchungen; importiert werden alle.
        </Text>
      ) : null}
    </Flex>
  );
}

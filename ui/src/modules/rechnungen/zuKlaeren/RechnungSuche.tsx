import { ActionButton, Flex, SearchField, Text } from '@adobe/react-spectrum';
import { useState } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { describeError } from '../../../api/errors';
import { type Rechnung, sucheOffeneRechnungen } from '../../../api/zahlungen';
import { Geld } from '../../kassa/Geld';

// Finds an open receivable by name, number or position text (GET GetRechnungen, IsOffen) and hands
// the chosen one to the caller: 'Zahlungen zuordnen' and Kassa's entry dialog both pick with it.

const MAX_TREFFER = 50;

export interface RechnungSucheProps {
  /** Receivables already chosen: shown without the add button. */
  gewaehlt: ReadonlySet<number>;
  onWaehlen: (rechnung: Rechnung) => void;
}

export function RechnungSuche({ gewaehlt, onWaehlen }: RechnungSucheProps) {
  const [suche, setSuche] = useState('');
  const [treffer, setTreffer] = useState<Rechnung[] | null>(null);
  const [fehler, setFehler] = useState<string | null>(null);
  const [laedt, setLaedt] = useState(false);

  async function suchen(text: string) {
    if (!text.trim()) return;
    setLaedt(true);
    setFehler(null);
    try {
      setTreffer(await sucheOffeneRechnungen(text));
    } catch (error) {
      setTreffer(null);
      setFehler(describeError(error));
    } finally {
      setLaedt(false);
    }
  }

  return (
    <Flex direction="column" gap="size-100">
      <SearchField
        label="Offene Rechnung suchen"
        description="Name, Rechnungsnummer oder Text, dann Enter"
        value={suche}
        onChange={setSuche}
        onSubmit={(text) => void suchen(text)}
        onClear={() => setTreffer(null)}
        width="size-4600"
      />
      {fehler ? <div role="alert">{fehler}</div> : null}
      {laedt ? <Text>Suche läuft …</Text> : null}
      {treffer && !laedt ? (
        treffer.length === 0 ? (
          <Text>Keine offene Rechnung gefunden.</Text>
        ) : (
          <div className="kgv-dense-frame">
            <table className="kgv-dense-table" aria-label="Gefundene Rechnungen">
              <thead>
                <tr>
                  <th scope="col">Rechnung</th>
                  <th scope="col">Name</th>
                  <th scope="col">Parzelle</th>
                  <th scope="col">Datum</th>
                  <th scope="col" className="kgv-zk-num">
                    Offen
                  </th>
                  <th scope="col">
                    <span className="kgv-zk-sr">Wählen</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {treffer.slice(0, MAX_TREFFER).map((r) => (
                  <tr key={r.id}>
                    <th scope="row">{r.nummer}</th>
                    <td>{r.adresseName}</td>
                    <td>{r.parzelleNummer ?? ''}</td>
                    <td>{formatGermanDate(r.datum)}</td>
                    <td className="kgv-zk-num">
                      <Geld cent={r.offenCent} />
                    </td>
                    <td>
                      {gewaehlt.has(r.id) ? (
                        <Text>gewählt</Text>
                      ) : (
                        <ActionButton aria-label={`Rechnung ${r.nummer} hinzufügen`} onPress={() => onWaehlen(r)}>
                          Hinzufügen
                        </ActionButton>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {treffer.length > MAX_TREFFER ? (
              <Text>Die ersten {MAX_TREFFER} Treffer – bitte genauer suchen.</Text>
            ) : null}
          </div>
        )
      ) : null}
    </Flex>
  );
}

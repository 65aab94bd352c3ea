import {
  ActionButton,
  Button,
  ButtonGroup,
  Content,
  Dialog,
  Divider,
  Flex,
  Heading,
  NumberField,
  Text,
  TextField,
  useDialogContainer,
} from '@adobe/react-spectrum';
import Delete from '@spectrum-icons/workflow/Delete';
import { useState } from 'react';
import { addMonths, formatGermanDate, parseGermanDate, todayIso } from '../../../../../src/platform/dates';
import { formatEuro, parseGermanAmount } from '../../../../../src/platform/money';
import { type Rechnung, ratenVorschlag, saveRaten } from '../../../api/rechnungen';
import { saveWithToast, showErrorToast } from '../../../api/toast';
import { type Refusal, RefusalAlert } from '../../../components/RefusalAlert';
import { ablehnungOf } from './ablehnung';
import { betragEingabe } from './ZahlungErfassenDialog';

// An instalment plan: dated parts adding up to the receivable's amount to the cent. "In N
// Monatsraten teilen" asks the server for a monthly split (largest remainder); the rows can be
// changed by hand before saving. The reminder run respects the plan while it is kept.

interface Zeile {
  datum: string;
  betrag: string;
}

const zeileOf = (r: { faelligAm: string; betragCent: number }): Zeile => ({
  datum: formatGermanDate(r.faelligAm),
  betrag: betragEingabe(r.betragCent),
});

export function RatenDialog({ rechnung }: { rechnung: Rechnung }) {
  const { dismiss } = useDialogContainer();
  const [zeilen, setZeilen] = useState<Zeile[]>(rechnung.raten.map(zeileOf));
  const [anzahl, setAnzahl] = useState(3);
  const [erste, setErste] = useState(formatGermanDate(addMonths(todayIso(), 1)));
  const [abgelehnt, setAbgelehnt] = useState<Refusal | null>(null);
  const [laeuft, setLaeuft] = useState(false);

  const summe = zeilen.reduce((s, z) => s + (parseGermanAmount(z.betrag) ?? 0), 0);
  const differenz = rechnung.betragCent - summe;

  async function vorschlagen() {
    const iso = parseGermanDate(erste);
    if (!iso) {
      setAbgelehnt({ title: 'Bitte die erste Fälligkeit als TT.MM.JJJJ eingeben.', lines: [] });
      return;
    }
    try {
      const raten = await ratenVorschlag(rechnung.id, anzahl, iso);
      setZeilen(raten.map(zeileOf));
      setAbgelehnt(null);
    } catch (error) {
      showErrorToast(error);
    }
  }

  function aendern(i: number, feld: keyof Zeile, wert: string) {
    setZeilen((alt) => alt.map((z, j) => (j === i ? { ...z, [feld]: wert } : z)));
  }

  async function speichern(raten: Zeile[]) {
    const body = raten.map((z) => ({
      faelligAm: parseGermanDate(z.datum) ?? '',
      betragCent: parseGermanAmount(z.betrag) ?? 0,
    }));
    const falsch = body.findIndex((r) => r.faelligAm === '' || r.betragCent === 0);
    if (falsch >= 0) {
      setAbgelehnt({ title: `Rate ${falsch + 1}: Bitte Datum (TT.MM.JJJJ) und Betrag eingeben.`, lines: [] });
      return;
    }
    setLaeuft(true);
    setAbgelehnt(null);
    try {
      await saveWithToast(() => saveRaten({ rechnungId: rechnung.id, raten: body }), {
        success: raten.length
          ? `${raten.length} Raten für Rechnung ${rechnung.nummer} gespeichert.`
          : `Die Ratenvereinbarung der Rechnung ${rechnung.nummer} ist aufgehoben.`,
      });
      dismiss();
    } catch (error) {
      setAbgelehnt(ablehnungOf(error));
    } finally {
      setLaeuft(false);
    }
  }

  return (
    <Dialog size="M">
      <Heading>Raten für Rechnung {rechnung.nummer}</Heading>
      <Divider />
      <Content>
        <Flex direction="column" gap="size-200">
          <Text>
            Betrag der Rechnung: {formatEuro(rechnung.betragCent)}. Die Raten müssen zusammen genau diesen Betrag
            ergeben.
          </Text>
          <Flex gap="size-150" alignItems="end" wrap>
            <NumberField
              label="Anzahl Monatsraten"
              minValue={1}
              maxValue={120}
              value={anzahl}
              onChange={(n) => setAnzahl(Number.isFinite(n) ? n : 1)}
              width="size-1700"
            />
            <TextField label="Erste Rate fällig am" value={erste} onChange={setErste} width="size-1700" />
            <Button variant="secondary" onPress={() => void vorschlagen()}>
              In {anzahl} Monatsraten teilen
            </Button>
          </Flex>
          {zeilen.length ? (
            <table className="kgv-dense-table" aria-label="Raten">
              <thead>
                <tr>
                  <th scope="col">Rate</th>
                  <th scope="col">Fällig am</th>
                  <th scope="col" className="kgv-ru-num">
                    Betrag
                  </th>
                  <th scope="col">
                    <span className="kgv-ru-sr">Entfernen</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {zeilen.map((z, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; they are edited in place
                  <tr key={i}>
                    <th scope="row">{i + 1}</th>
                    <td>
                      <TextField
                        aria-label={`Rate ${i + 1} fällig am`}
                        value={z.datum}
                        onChange={(v) => aendern(i, 'datum', v)}
                        width="size-1600"
                      />
                    </td>
                    <td className="kgv-ru-num">
                      <TextField
                        aria-label={`Rate ${i + 1} Betrag`}
                        inputMode="decimal"
                        value={z.betrag}
                        onChange={(v) => aendern(i, 'betrag', v)}
                        width="size-1600"
                      />
                    </td>
                    <td>
                      <ActionButton
                        isQuiet
                        aria-label={`Rate ${i + 1} entfernen`}
                        onPress={() => setZeilen((alt) => alt.filter((_, j) => j !== i))}
                      >
                        <Delete />
                      </ActionButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <Text>Keine Raten vereinbart.</Text>
          )}
          {zeilen.length ? (
            <Text UNSAFE_className={differenz === 0 ? undefined : 'kgv-ru-fehler'}>
              Summe der Raten: {formatEuro(summe)}
              {differenz === 0
                ? ' – stimmt.'
                : differenz > 0
                  ? ` – es fehlen ${formatEuro(differenz)}.`
                  : ` – ${formatEuro(-differenz)} zu viel.`}
            </Text>
          ) : null}
          {abgelehnt ? <RefusalAlert refusal={abgelehnt} titleClassName="kgv-ru-fehler" /> : null}
        </Flex>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dismiss}>
          Abbrechen
        </Button>
        {rechnung.raten.length ? (
          <Button variant="negative" isDisabled={laeuft} onPress={() => void speichern([])}>
            Raten aufheben
          </Button>
        ) : null}
        <Button
          variant="accent"
          isPending={laeuft}
          isDisabled={zeilen.length === 0}
          onPress={() => void speichern(zeilen)}
        >
          Raten speichern
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}

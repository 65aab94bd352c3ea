import {
  Button,
  ButtonGroup,
  Content,
  Dialog,
  Divider,
  Flex,
  Heading,
  Text,
  TextField,
  useDialogContainer,
} from '@adobe/react-spectrum';
import { useState } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { formatEuro, parseGermanAmount } from '../../../../../src/platform/money';
import type { Rechnung } from '../../../api/rechnungen';
import { saveWithToast } from '../../../api/toast';
import { GRUND_TEXT, useZuKlaeren, type ZuKlaerenZeile, zuordnen } from '../../../api/zahlungen';
import { invalid } from '../../../components/formKit';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { type Refusal, RefusalAlert } from '../../../components/RefusalAlert';
import { Geld } from '../../kassa/Geld';
import { ablehnungOf } from './ablehnung';
import { betragEingabe } from './ZahlungErfassenDialog';

// From the receivable's side: one of the bank credits no receivable took yet (the "zu klären" list)
// pays this receivable, in whole or in part. The server checks that neither side is exceeded.

export function ZahlungZuordnenDialog({ rechnung }: { rechnung: Rechnung }) {
  const { dismiss } = useDialogContainer();
  const liste = useZuKlaeren({});
  const [gewaehlt, setGewaehlt] = useState<number | null>(null);
  const [betrag, setBetrag] = useState('');
  const [fehler, setFehler] = useState<string>();
  const [abgelehnt, setAbgelehnt] = useState<Refusal | null>(null);
  const [laeuft, setLaeuft] = useState(false);
  // The credits the server suggests for this receivable first (reference, number, IBAN, amount, name).
  const vorschlagFuer = (z: ZuKlaerenZeile) => z.vorschlaege.find((v) => v.rechnung.id === rechnung.id);
  const zeilen = [...(liste.data ?? [])].sort((a, b) => Number(!vorschlagFuer(a)) - Number(!vorschlagFuer(b)));
  const eintrag = zeilen.find((z) => z.eintrag.id === gewaehlt)?.eintrag;

  function grundOf(z: ZuKlaerenZeile | undefined) {
    const v = z ? vorschlagFuer(z) : undefined;
    return v ? <span className="kgv-ru-vorschlag">Vorschlag: {GRUND_TEXT[v.grund]}</span> : null;
  }

  function waehlen(id: number) {
    const z = zeilen.find((x) => x.eintrag.id === id);
    setGewaehlt(id);
    setFehler(undefined);
    setAbgelehnt(null);
    if (z) setBetrag(betragEingabe(Math.max(0, Math.min(z.eintrag.restCent, rechnung.offenCent))));
  }

  async function zuordnenJetzt() {
    if (!eintrag) return;
    const cents = parseGermanAmount(betrag);
    if (!cents || cents <= 0) {
      setFehler('Bitte einen Betrag größer als 0 eingeben, z. B. 100,00.');
      return;
    }
    setLaeuft(true);
    setAbgelehnt(null);
    try {
      await saveWithToast(
        () => zuordnen({ kassabuchId: eintrag.id, zuordnungen: [{ rechnungId: rechnung.id, betragCent: cents }] }),
        {
          success: `${formatEuro(cents)} von Beleg ${eintrag.belegnummer} der Rechnung ${rechnung.nummer} zugeordnet.`,
        },
      );
      dismiss();
    } catch (error) {
      setAbgelehnt(ablehnungOf(error));
    } finally {
      setLaeuft(false);
    }
  }

  return (
    <Dialog size="L">
      <Heading>Zahlung zu Rechnung {rechnung.nummer} zuordnen</Heading>
      <Divider />
      <Content>
        <Flex direction="column" gap="size-200">
          <Text>
            Offen: {formatEuro(rechnung.offenCent)}. Wählen Sie die Bank-Gutschrift, die diese Rechnung bezahlt (alle
            Eingänge, die noch keiner Rechnung zugeordnet sind).
          </Text>
          {liste.error && !liste.data ? (
            <LoadFailed
              title="Die offenen Zahlungen konnten nicht geladen werden."
              error={liste.error}
              onRetry={() => void liste.mutate()}
            />
          ) : !liste.data ? (
            <Loading label="Offene Zahlungen werden geladen …" />
          ) : zeilen.length === 0 ? (
            <Text>
              Keine offenen Bank-Gutschriften. Eine Barzahlung erfassen Sie mit „Zahlung erfassen“; Kontoauszüge
              importieren Sie im Kassabuch.
            </Text>
          ) : (
            <div className="kgv-dense-frame" style={{ maxHeight: '18rem' }}>
              <table className="kgv-dense-table" aria-label="Offene Zahlungen">
                <thead>
                  <tr>
                    <th scope="col">
                      <span className="kgv-ru-sr">Wahl</span>
                    </th>
                    <th scope="col">Beleg-Nr.</th>
                    <th scope="col">Datum</th>
                    <th scope="col">Auftraggeber</th>
                    <th scope="col">Text</th>
                    <th scope="col" className="kgv-ru-num">
                      Betrag
                    </th>
                    <th scope="col" className="kgv-ru-num">
                      noch frei
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {zeilen.map(({ eintrag: e }) => (
                    <tr key={e.id} className="kgv-ru-row" onClick={() => waehlen(e.id)}>
                      <td>
                        <input
                          type="radio"
                          name="zahlung"
                          aria-label={`Beleg ${e.belegnummer} wählen`}
                          checked={gewaehlt === e.id}
                          onChange={() => waehlen(e.id)}
                        />
                      </td>
                      <th scope="row">{e.belegnummer}</th>
                      <td className="kgv-ru-nowrap">{formatGermanDate(e.datum)}</td>
                      <td>{e.bankName ?? ''}</td>
                      <td>
                        {e.text}
                        {grundOf(zeilen.find((z) => z.eintrag.id === e.id))}
                      </td>
                      <td className="kgv-ru-num">
                        <Geld cent={e.betragCent} />
                      </td>
                      <td className="kgv-ru-num">
                        <Geld cent={e.restCent} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {eintrag ? (
            <TextField
              label="Betrag für diese Rechnung"
              inputMode="decimal"
              value={betrag}
              onChange={(v) => {
                setBetrag(v);
                setFehler(undefined);
              }}
              description={`Von Beleg ${eintrag.belegnummer} sind noch ${formatEuro(eintrag.restCent)} frei.`}
              width="size-3000"
              {...invalid(fehler)}
            />
          ) : null}
          {abgelehnt ? <RefusalAlert refusal={abgelehnt} titleClassName="kgv-ru-fehler" /> : null}
        </Flex>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dismiss}>
          Abbrechen
        </Button>
        <Button variant="accent" isDisabled={!eintrag} isPending={laeuft} onPress={() => void zuordnenJetzt()}>
          Zuordnen
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}

import { AlertDialog, Button, DialogContainer, Flex, Heading, Text, View } from '@adobe/react-spectrum';
import { useEffect, useState } from 'react';
import { formatArea, formatEuro } from '../../../../../src/platform/money';
import { type ParzellenForZv, type ParzelleZv, saveGemeinschaftsflaeche } from '../../../api/abrechnung';
import { saveWithToast } from '../../../api/toast';
import { NumberInput } from '../../../components/formKit';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard';
import { AREA_FORMAT, decimalToNumber, hundredths, numberToDecimal } from '../basisdatenKit';
import '../../../components/denseTable.css';
import '../basisdaten.css';

const m2 = (value: string | number) => formatArea(value, { nbsp: false });

/** "Summe der Anteile 1.999,00 m² von 2.000,00 m² – es fehlen 1,00 m²" (areas in hundredths). */
export function summenText(summeHundertstel: number, flaeche: string): { text: string; passt: boolean } {
  const soll = hundredths(flaeche);
  const basis = `Summe der Anteile ${m2(summeHundertstel / 100)} von ${m2(flaeche)}`;
  if (summeHundertstel === soll) return { text: `${basis} – passt`, passt: true };
  const differenz = Math.abs(soll - summeHundertstel) / 100;
  return {
    text: `${basis} – ${summeHundertstel < soll ? 'es fehlen' : 'zu viel'} ${m2(differenz)}`,
    passt: false,
  };
}

export interface GemeinschaftsflaecheTabelleProps {
  daten: ParzellenForZv;
  readOnly: boolean;
}

/** Each active plot's share of the common area: edit, see the running sum, save once it fits. */
export function GemeinschaftsflaecheTabelle({ daten, readOnly }: GemeinschaftsflaecheTabelleProps) {
  const ausDaten = () => new Map(daten.parzellen.map((p) => [p.parzelleId, decimalToNumber(p.anteil)]));
  const [anteile, setAnteile] = useState<Map<number, number>>(ausDaten);
  const [speichert, setSpeichert] = useState(false);
  const [standardFragen, setStandardFragen] = useState(false);
  // A new answer (saved, standard computed, other year) replaces what is shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new answer resets the edits
  useEffect(() => setAnteile(ausDaten()), [daten]);

  // An emptied field means "back to the standard share" (sent as null): it counts with that value.
  const wirksam = (p: ParzelleZv) => {
    const v = anteile.get(p.parzelleId) ?? Number.NaN;
    return Number.isNaN(v) ? hundredths(p.anteilStandard) : Math.round(v * 100);
  };
  const summe = daten.parzellen.reduce((s, p) => s + wirksam(p), 0);
  const { text, passt } = summenText(summe, daten.gemeinschaftsflaeche);
  const geaendert = daten.parzellen.some(
    (p) =>
      wirksam(p) !== hundredths(p.anteil) ||
      (Number.isNaN(anteile.get(p.parzelleId) ?? Number.NaN) && p.anteilGespeichert !== null),
  );
  const guard = useUnsavedChangesGuard(geaendert);

  async function speichern() {
    setSpeichert(true);
    try {
      await saveWithToast(
        () =>
          saveGemeinschaftsflaeche({
            pachtabrechnungId: daten.pachtabrechnungId,
            anteile: daten.parzellen.map((p) => {
              const wert = numberToDecimal(anteile.get(p.parzelleId) ?? Number.NaN, 2);
              if (wert === '') return { parzelleId: p.parzelleId, anteil: null };
              // Unchanged from the default stays "default" (null): a later area change recomputes it.
              const standard = p.anteilGespeichert === null && hundredths(wert) === hundredths(p.anteilStandard);
              return { parzelleId: p.parzelleId, anteil: standard ? null : wert };
            }),
          }),
        { success: `Gemeinschaftsflächenanteile ${daten.jahr} gespeichert.` },
      );
    } catch {
      // The error toast shows the server's reason.
    } finally {
      setSpeichert(false);
    }
  }

  return (
    <View borderWidth="thin" borderColor="default" borderRadius="medium" padding="size-250">
      <Flex alignItems="center" gap="size-200" wrap>
        <Heading level={2} marginY={0}>
          Gemeinschaftsfläche
        </Heading>
        {readOnly ? null : (
          <Button variant="secondary" marginStart="auto" onPress={() => setStandardFragen(true)}>
            Standardaufteilung berechnen
          </Button>
        )}
      </Flex>
      <Text>
        {m2(daten.gemeinschaftsflaeche)} Gemeinschaftsfläche werden auf {daten.parzellen.length} Parzellen mit zusammen{' '}
        {m2(daten.summeFlaeche)} aufgeteilt. Die Standardaufteilung richtet sich nach der Parzellenfläche.
      </Text>
      <div className="kgv-dense-frame kgv-bd-frame" style={{ marginTop: '0.75rem' }}>
        <table className="kgv-dense-table" aria-label={`Gemeinschaftsflächenanteile ${daten.jahr}`}>
          <thead>
            <tr>
              <th scope="col">Parzelle</th>
              <th scope="col" className="kgv-bd-num">
                Fläche
              </th>
              <th scope="col" className="kgv-bd-num">
                Anteil
              </th>
              <th scope="col" className="kgv-bd-num">
                Standard
              </th>
              <th scope="col">Nutzungsberechtigter</th>
              <th scope="col" className="kgv-bd-num">
                Pacht gesamt
              </th>
            </tr>
          </thead>
          <tbody>
            {daten.parzellen.map((p) => (
              <tr key={p.parzelleId}>
                <th scope="row">{p.nummer}</th>
                <td className="kgv-bd-num">{m2(p.flaeche)}</td>
                <td className="kgv-bd-num">
                  <NumberInput
                    aria-label={`Anteil Parzelle ${p.nummer}`}
                    isQuiet
                    isReadOnly={readOnly}
                    width="size-1600"
                    formatOptions={AREA_FORMAT}
                    value={anteile.get(p.parzelleId) ?? Number.NaN}
                    onChange={(v) => setAnteile((alt) => new Map(alt).set(p.parzelleId, v))}
                  />
                </td>
                <td className="kgv-bd-num">{m2(p.anteilStandard)}</td>
                <td>{p.nutzungsberechtigter?.name ?? '–'}</td>
                <td className="kgv-bd-num">{formatEuro(p.summeCent, { nbsp: false })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Flex alignItems="center" gap="size-200" marginTop="size-150" wrap>
        <Text UNSAFE_className={passt ? 'kgv-bd-passt' : 'kgv-bd-fehlt'}>
          <span role="status">{text}</span>
        </Text>
        {readOnly ? null : (
          <Button
            variant="accent"
            marginStart="auto"
            isDisabled={!passt || !geaendert}
            isPending={speichert}
            onPress={() => void speichern()}
          >
            Anteile speichern
          </Button>
        )}
      </Flex>
      {guard.dialog}
      <DialogContainer onDismiss={() => setStandardFragen(false)}>
        {standardFragen ? (
          <AlertDialog
            title="Standardaufteilung berechnen?"
            variant="confirmation"
            primaryActionLabel="Berechnen"
            cancelLabel="Abbrechen"
            onPrimaryAction={() => {
              saveWithToast(
                () => saveGemeinschaftsflaeche({ pachtabrechnungId: daten.pachtabrechnungId, standard: true }),
                {
                  success: 'Standardaufteilung gespeichert.',
                },
              ).catch(() => {
                // The error toast says why.
              });
            }}
          >
            Jede Parzelle bekommt den Anteil nach ihrer Fläche; von Hand eingetragene Anteile werden überschrieben.
          </AlertDialog>
        ) : null}
      </DialogContainer>
    </View>
  );
}

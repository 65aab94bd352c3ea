import {
  Button,
  ButtonGroup,
  ComboBox,
  Content,
  Dialog,
  Divider,
  Flex,
  Heading,
  Item,
  type Key,
  Text,
  TextField,
  useDialogContainer,
} from '@adobe/react-spectrum';
import { useMemo, useRef, useState } from 'react';
import { dayBefore, formatGermanDate, todayIso } from '../../../../../src/platform/dates';
import { executeGartenwechsel, type Parzelle, useAdressenLookup } from '../../../api/stammdaten/parzellen';
import { gartenwechselBody } from '../../../api/stammdaten/schemas';
import { useEscapeAsks } from '../../../components/FormFrame';
import { schemaErrors } from '../../../lib/schemaErrors';
import { useZodForm } from '../../../lib/useZodForm';

export interface GartenwechselDialogProps {
  parzelle: Parzelle;
  /** After the change: the plot with its new holder. */
  onDone?: (parzelle: Parzelle) => void;
}

/** "Parzelle 17: Huber Maria bis 28.02.2026, ab 01.03.2026 Gruber Franz". */
export function gartenwechselSummary(parzelle: Parzelle, neuerName: string, datum: string): string {
  const alt = parzelle.nutzungsberechtigter;
  const bisher = alt ? `${alt.name} bis ${formatGermanDate(dayBefore(datum))}` : 'bisher frei';
  return `Parzelle ${parzelle.nummer}: ${bisher}, ab ${formatGermanDate(datum)} ${neuerName}`;
}

const STEPS = ['Neuer Nutzungsberechtigter', 'Datum', 'Zusammenfassung'] as const;

/**
 * Guided change of a plot's holder: 1 choose the new holder, 2 the date, 3 check the summary,
 * then POST Stammdaten/ExecuteGartenwechsel. Nothing is saved before the last step.
 */
export function GartenwechselDialog({ parzelle, onDone }: GartenwechselDialogProps) {
  const { dismiss } = useDialogContainer();
  const { data: adressen, isLoading } = useAdressenLookup();
  const [step, setStep] = useState(0);
  const [inputValue, setInputValue] = useState('');
  const form = useZodForm(gartenwechselBody, {
    initial: { neueAdresseId: null as number | null, datum: todayIso() },
    labels: { neueAdresseId: 'Neuer Nutzungsberechtigter', datum: 'Gartenwechsel' },
    toBody: (v) => ({ parzelleId: parzelle.id, neueAdresseId: v.neueAdresseId ?? 0, datum: v.datum }),
    plausibility: { datum: { date: 'event' } },
  });
  const { neueAdresseId: adresseId, datum } = form.values;
  const running = form.saving;
  // Escape and Abbrechen ask once a holder or date was chosen (nothing is saved before the last step).
  const marker = useRef<HTMLSpanElement>(null);
  const cancel = () => form.confirmDiscard(dismiss);
  useEscapeAsks(marker, form.dirty && !running, cancel);

  const candidates = useMemo(
    () => (adressen ?? []).filter((a) => a.id !== parzelle.nutzungsberechtigter?.adresseId),
    [adressen, parzelle.nutzungsberechtigter?.adresseId],
  );
  const filtered = useMemo(() => {
    const needle = inputValue.trim().toLocaleLowerCase('de-AT');
    const chosen = candidates.find((a) => a.id === adresseId);
    if (!needle || chosen?.name === inputValue) return candidates;
    return candidates.filter((a) => a.name.toLocaleLowerCase('de-AT').includes(needle));
  }, [candidates, inputValue, adresseId]);
  const neu = candidates.find((a) => a.id === adresseId);
  // The API's own schema judges the date (an impossible day like 30.02. included).
  const datumError = schemaErrors(
    gartenwechselBody,
    { parzelleId: parzelle.id, neueAdresseId: adresseId ?? 0, datum },
    ['datum'] as const,
  ).fields.datum;
  const datumValid = datumError === undefined;

  function run() {
    if (!neu || !datumValid || running) return;
    void form.submit((body) => executeGartenwechsel(body), {
      success: `Gartenwechsel für Parzelle ${parzelle.nummer} ausgeführt.`,
      // The error toast says why a change fails (e.g. a date before the current lease began).
      onSaved: (result) => (onDone ? onDone(result.parzelle) : dismiss()),
    });
  }

  return (
    <Dialog size="M">
      <Heading>Gartenwechsel – Parzelle {parzelle.nummer}</Heading>
      <Divider />
      <Content>
        <span ref={marker} hidden />
        {form.dialogs}
        <Flex direction="column" gap="size-200">
          <Text>
            Schritt {step + 1} von {STEPS.length}: {STEPS[step]}
          </Text>
          <Text>
            Bisher:{' '}
            {parzelle.nutzungsberechtigter
              ? `${parzelle.nutzungsberechtigter.name} seit ${formatGermanDate(parzelle.nutzungsberechtigter.von)}`
              : 'frei'}
          </Text>
          {step === 0 ? (
            <ComboBox
              label="Neuer Nutzungsberechtigter"
              items={filtered}
              inputValue={inputValue}
              onInputChange={setInputValue}
              selectedKey={adresseId === null ? null : String(adresseId)}
              onSelectionChange={(key: Key | null) => {
                form.set('neueAdresseId', key === null ? null : Number(key));
                const chosen = candidates.find((a) => String(a.id) === String(key));
                if (chosen) setInputValue(chosen.name);
              }}
              loadingState={isLoading ? 'loading' : 'idle'}
              menuTrigger="focus"
              width="100%"
              autoFocus
            >
              {(item) => <Item key={String(item.id)}>{item.name}</Item>}
            </ComboBox>
          ) : step === 1 ? (
            <TextField
              label="Datum des Wechsels"
              type="date"
              value={datum}
              id={form.idOf('datum')}
              onChange={(value) => form.set('datum', value)}
              description="Ab diesem Tag gilt der neue Nutzungsberechtigte; der bisherige bis zum Vortag."
              {...(datumValid
                ? {}
                : { validationState: 'invalid' as const, errorMessage: 'Bitte wählen Sie ein gültiges Datum.' })}
              autoFocus
            />
          ) : (
            <Text UNSAFE_className="kgv-summary">{neu ? gartenwechselSummary(parzelle, neu.name, datum) : ''}</Text>
          )}
        </Flex>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={cancel} isDisabled={running}>
          Abbrechen
        </Button>
        {step > 0 ? (
          <Button variant="secondary" onPress={() => setStep(step - 1)} isDisabled={running}>
            Zurück
          </Button>
        ) : null}
        {step < STEPS.length - 1 ? (
          <Button variant="accent" onPress={() => setStep(step + 1)} isDisabled={step === 0 ? !neu : !datumValid}>
            Weiter
          </Button>
        ) : (
          <Button variant="accent" onPress={run} isPending={running}>
            Gartenwechsel ausführen
          </Button>
        )}
      </ButtonGroup>
    </Dialog>
  );
}

import { ComboBox, Item, type Key, Text, TextField, useDialogContainer, View } from '@adobe/react-spectrum';
import { useMemo, useRef, useState } from 'react';
import { zaehlerwechselBody } from '../../../../../src/modules/wasserbuch/schema/ablesungen';
import { formatGermanDate, parseGermanDate, todayIso } from '../../../../../src/platform/dates';
import { DateField, FormDialog, invalid } from '../../../components/formKit';
import { formatCubic, readingToWire } from '../../../lib/format';
import { useZodForm } from '../../../lib/useZodForm';
import {
  type Ablesung,
  type PlotMeter,
  saveZaehlerwechsel,
  useLastAblesungen,
  usePlotMeters,
} from './zaehlerwechselApi';
import { currentMeterReading, endstandBelowLast, READING_HINT } from './zaehlerwechselLogic';

const LABELS = {
  parzelleId: 'Parzelle',
  datum: 'Datum',
  endstand: 'Endstand alter Zähler',
  neueNummer: 'Nummer neuer Zähler',
  anfangsstand: 'Anfangsstand neuer Zähler',
  plombe: 'Plombe',
};

export interface ZaehlerwechselDialogProps {
  /**
   * Opened from a plot (the Parzelle dialog): the plot is chosen already, and its record knows the
   * meter number even when the meter list does not list the plot (no holder, no reading yet).
   */
  parzelle?: (Pick<PlotMeter, 'id' | 'name'> & { zaehlernummer?: string | null }) | undefined;
  /** After the change was saved (the dialog closes itself). */
  onSaved?: () => void;
}

/**
 * A plot's meter change (Stammdaten/UpdateZaehlerwechsel): the old meter's final reading, the new
 * meter's number and first reading, the seal. Shows the plot's meter and last readings, and flags
 * a final reading below the last one while it is typed. Render inside a DialogContainer.
 */
export function ZaehlerwechselDialog({ parzelle, onSaved }: ZaehlerwechselDialogProps) {
  const { dismiss } = useDialogContainer();
  const plots = usePlotMeters();
  const [plotText, setPlotText] = useState(parzelle?.name ?? '');
  // The plot's current meter reading, known after the form hook (it depends on the chosen plot).
  const currentRef = useRef<ReturnType<typeof currentMeterReading>>(null);
  const form = useZodForm(zaehlerwechselBody, {
    initial: {
      parzelleId: parzelle?.id ?? (null as number | null),
      datum: formatGermanDate(todayIso()),
      endstand: '',
      neueNummer: '',
      anfangsstand: '0,000',
      plombe: '',
    },
    labels: LABELS,
    toBody: (v) => ({
      parzelleId: v.parzelleId ?? 0,
      datum: parseGermanDate(v.datum) ?? '',
      endstand: readingToWire(v.endstand) ?? '',
      neueNummer: v.neueNummer.trim(),
      anfangsstand: readingToWire(v.anfangsstand) ?? '',
      ...(v.plombe.trim() ? { plombe: v.plombe.trim() } : {}),
    }),
    inputErrors: (v) => ({
      parzelleId: v.parzelleId === null ? 'Bitte wählen Sie eine Parzelle.' : undefined,
      datum: parseGermanDate(v.datum) ? undefined : 'Bitte geben Sie das Datum des Wechsels als TT.MM.JJJJ ein.',
      endstand:
        readingToWire(v.endstand) === undefined ? READING_HINT : endstandBelowLast(v.endstand, currentRef.current),
      anfangsstand: readingToWire(v.anfangsstand) === undefined ? READING_HINT : undefined,
    }),
    plausibility: { datum: { date: 'event' } },
  });
  const parzelleId = form.values.parzelleId;
  const last = useLastAblesungen(parzelleId);
  const chosen = plots.data?.find((p) => p.id === parzelleId);
  const zaehlernummer = chosen?.zaehlernummer ?? (parzelle?.zaehlernummer || null);
  const current = currentMeterReading(last.data, zaehlernummer);
  currentRef.current = current;
  // Flagged while typing, not only on "Zähler wechseln": the server would refuse it anyway.
  const belowLast = endstandBelowLast(form.values.endstand, current);

  const items = useMemo(() => {
    const needle = plotText.trim().toLocaleLowerCase('de-AT');
    const all = plots.data ?? [];
    if (needle === '' || needle === plotLabel(chosen).toLocaleLowerCase('de-AT')) return all;
    // The number from its start ("1" finds 1, 12, 17), the holder anywhere ("hub" finds Huber).
    return all.filter(
      (p) =>
        p.name.toLocaleLowerCase('de-AT').startsWith(needle) ||
        (p.adresseName ?? '').toLocaleLowerCase('de-AT').includes(needle),
    );
  }, [plots.data, plotText, chosen]);
  const plotName = parzelle?.name ?? chosen?.name;
  const title = parzelle ? `Zählerwechsel Parzelle ${parzelle.name}` : 'Neuer Zählerwechsel';

  return (
    <FormDialog
      title={title}
      form={form}
      onSubmit={() =>
        void form.submit((body) => saveZaehlerwechsel(body), {
          success: (r) =>
            `Zähler der Parzelle ${plotName ?? r.parzelleId} gewechselt: neuer Zähler ${r.wasserzaehlerNummer}.`,
          onSaved: () => {
            onSaved?.();
            dismiss();
          },
        })
      }
      onCancel={dismiss}
      submitLabel="Zähler wechseln"
    >
      {parzelle ? null : (
        <ComboBox
          id={form.idOf('parzelleId')}
          label="Parzelle"
          isRequired
          items={items}
          inputValue={plotText}
          onInputChange={setPlotText}
          selectedKey={parzelleId === null ? null : String(parzelleId)}
          onSelectionChange={(key: Key | null) => {
            const picked = plots.data?.find((p) => String(p.id) === String(key));
            form.set('parzelleId', picked ? picked.id : null);
            if (picked) setPlotText(plotLabel(picked));
          }}
          loadingState={plots.isLoading ? 'loading' : 'idle'}
          menuTrigger="focus"
          description="Nummer der Parzelle oder Name eingeben und auswählen"
          autoFocus
          {...invalid(form.errors.parzelleId)}
        >
          {(p) => <Item key={String(p.id)}>{plotLabel(p)}</Item>}
        </ComboBox>
      )}
      <LastReadings
        parzelleId={parzelleId}
        loading={last.isLoading}
        readings={last.data}
        current={current}
        zaehlernummer={zaehlernummer ?? current?.zaehlernummer}
      />
      <DateField label="Datum" isRequired {...form.field('datum')} />
      <TextField
        label="Endstand alter Zähler"
        isRequired
        inputMode="decimal"
        description="in m³, z. B. 150,25"
        autoFocus={Boolean(parzelle)}
        {...form.field('endstand')}
        {...(belowLast ? invalid(belowLast) : {})}
      />
      <TextField label="Nummer neuer Zähler" isRequired maxLength={50} {...form.field('neueNummer')} />
      <TextField
        label="Anfangsstand neuer Zähler"
        isRequired
        inputMode="decimal"
        description="in m³, meist 0"
        {...form.field('anfangsstand')}
      />
      <TextField
        label="Plombe"
        maxLength={50}
        description="Nummer der Plombe am neuen Zähler"
        {...form.field('plombe')}
      />
    </FormDialog>
  );
}

/** "17 – Huber Maria (WZ-17)": what the plot choice shows. */
export function plotLabel(p: PlotMeter | undefined): string {
  if (!p) return '';
  return `${p.name}${p.adresseName ? ` – ${p.adresseName}` : ''}${p.zaehlernummer ? ` (${p.zaehlernummer})` : ''}`;
}

/** The plot's current meter and the last reading of each meter it had. */
function LastReadings({
  parzelleId,
  loading,
  readings,
  current,
  zaehlernummer,
}: {
  parzelleId: number | null;
  loading: boolean;
  readings: readonly Ablesung[] | undefined;
  current: Ablesung | null;
  zaehlernummer: string | undefined;
}) {
  if (parzelleId === null) return null;
  if (loading || !readings) return <Text>Letzte Ablesungen werden geladen …</Text>;
  const earlier = readings.filter((r) => r !== current);
  return (
    <View aria-live="polite">
      <Text>
        {current
          ? `Aktueller Zähler: ${current.zaehlernummer}, letzte Ablesung ${formatCubic(current.stand)} am ${formatGermanDate(current.datum)}.`
          : `Aktueller Zähler: ${zaehlernummer ?? 'unbekannt'}, noch keine Ablesung.`}
      </Text>
      {earlier.length > 0 ? (
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {earlier.map((r) => (
            <li key={r.id}>
              {`Früherer Zähler ${r.zaehlernummer}: ${formatCubic(r.stand)} am ${formatGermanDate(r.datum)}${r.isZaehlerwechsel ? ' (Endstand)' : ''}`}
            </li>
          ))}
        </ul>
      ) : null}
    </View>
  );
}

import { Flex, Item, Picker, ProgressCircle, Text, TextArea, useDialogContainer } from '@adobe/react-spectrum';
import { useState } from 'react';
import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { describeError } from '../../../api/errors';
import { usePachtabrechnungen } from '../../../api/stammdaten/pachtabrechnungen';
import { type ParkkartenInfo, saveParkkartenInfo, useParkkartenInfo } from '../../../api/stammdaten/parkkarten';
import { parkkartenInfoBody } from '../../../api/stammdaten/schemas';
import { fetchRecord } from '../../../api/versionConflict';
import { DateField, FormDialog, NumberInput } from '../../../components/formKit';
import { MessageBanner } from '../../../components/MessageBanner';
import { FIELD_LABELS, VerlaufDisclosure } from '../../../components/VerlaufPanel';
import { centsToEuro, EURO_FORMAT, euroToCents } from '../../../lib/fieldFormats';
import { useZodForm } from '../../../lib/useZodForm';
import { PrintSection } from './ParkkartenDruck';

const toValues = (r: ParkkartenInfo) => ({
  gebuehrCent: centsToEuro(r.gebuehrCent),
  gueltigBis: formatGermanDate(r.gueltigBis),
  hinweis: r.hinweis,
});

const COUNT = new Intl.NumberFormat('de-DE');

/** German names of the fields the history records for a year's Parkkarten (the fee as stored, in cents). */
const PARKKARTEN_LABELS: Readonly<Record<string, string>> = {
  ...FIELD_LABELS,
  jahr: 'Jahr',
  gebuehrCent: 'Gebühr je Karte (Cent)',
  gueltigBis: 'Gültig bis',
  hinweis: 'Hinweis',
};

/** "42 Parkkarten für 30 Parzellen", "1 Parkkarte für 1 Parzelle". */
export function countLine(karten: number, parzellen: number): string {
  const k = `${COUNT.format(karten)} ${karten === 1 ? 'Parkkarte' : 'Parkkarten'}`;
  const p = `${COUNT.format(parzellen)} ${parzellen === 1 ? 'Parzelle' : 'Parzellen'}`;
  return `${k} für ${p}`;
}

export interface ParkkartenDialogProps {
  /** Without the Edit right: the values and the printing only. */
  readOnly?: boolean;
}

/**
 * The parking cards of a year: fee per card, valid until, the note printed on every card, how many
 * cards there are, and the PDF of all cards or of one plot. Render inside a DialogContainer.
 */
export function ParkkartenDialog({ readOnly = false }: ParkkartenDialogProps) {
  const { dismiss } = useDialogContainer();
  const { data: years, error: yearsError } = usePachtabrechnungen();
  const [chosenYear, setChosenYear] = useState<number | undefined>(undefined);
  const pachtabrechnungID = chosenYear ?? years?.[0]?.id;
  const { data: loaded, error: infoError } = useParkkartenInfo(pachtabrechnungID);
  // swr keeps no previous data across keys, but guard anyway: never show last year's values as this year's.
  const info = loaded?.pachtabrechnungId === pachtabrechnungID ? loaded : undefined;

  // The year whose stored values the fields hold; a newly loaded year replaces them.
  const [filledFor, setFilledFor] = useState<number | undefined>(undefined);
  // The stored info the fields were filled from: its version goes with the save.
  const [base, setBase] = useState<ParkkartenInfo | undefined>(undefined);
  const form = useZodForm(parkkartenInfoBody, {
    // The fee is typed in euro; the body carries cents.
    initial: { gebuehrCent: Number.NaN, gueltigBis: '', hinweis: '' },
    labels: { gebuehrCent: 'Gebühr je Karte', gueltigBis: 'Gültig bis', hinweis: 'Hinweis' },
    toBody: (v, { version }) => ({
      pachtabrechnungId: base?.pachtabrechnungId ?? null,
      version,
      gebuehrCent: Number.isFinite(v.gebuehrCent) ? euroToCents(v.gebuehrCent) : null,
      gueltigBis: parseGermanDate(v.gueltigBis) ?? null,
      hinweis: v.hinweis,
    }),
    inputErrors: (v) => ({
      gebuehrCent: Number.isFinite(v.gebuehrCent)
        ? undefined
        : 'Bitte geben Sie die Gebühr je Karte ein – 0, wenn die Karten nichts kosten.',
      gueltigBis:
        parseGermanDate(v.gueltigBis) === undefined
          ? `Bitte geben Sie ein Datum wie 31.12.${base?.jahr ?? ''} ein oder lassen Sie das Feld leer.`
          : undefined,
    }),
    plausibility: { gueltigBis: { date: 'event' } },
    conflict: {
      record: base,
      toValues,
      reload: () =>
        fetchRecord<ParkkartenInfo>('/api/Stammdaten/GetParkkartenInfo', {
          pachtabrechnungID: base?.pachtabrechnungId,
        }),
    },
    readOnly,
  });

  function fill(values: ParkkartenInfo) {
    setFilledFor(values.pachtabrechnungId);
    setBase(values);
    form.reset(toValues(values));
  }
  if (info && filledFor !== info.pachtabrechnungId) fill(info);

  function submit() {
    if (!info) return;
    void form.submit(
      async (body) => {
        const saved = await saveParkkartenInfo(body);
        // The server trims the note: show what is stored, so the form is not "changed" after saving.
        fill(saved);
        return saved;
      },
      { success: `Parkkarten ${info.jahr} gespeichert.` },
    );
  }

  return (
    <FormDialog
      title="Parkkarten"
      form={form}
      size="L"
      onSubmit={submit}
      onCancel={dismiss}
      after={
        info ? (
          <>
            <PrintSection info={info} unsaved={form.dirty} />
            <VerlaufDisclosure
              entityType="Parkkarten"
              entityId={info.pachtabrechnungId}
              fieldLabels={PARKKARTEN_LABELS}
            />
          </>
        ) : null
      }
    >
      {yearsError && !years ? (
        <MessageBanner
          level="danger"
          title="Die Abrechnungsjahre konnten nicht geladen werden."
          message={describeError(yearsError)}
        />
      ) : null}
      <Picker
        label="Jahr"
        items={years ?? []}
        selectedKey={pachtabrechnungID === undefined ? null : String(pachtabrechnungID)}
        onSelectionChange={(key) => {
          if (key === null || Number(key) === pachtabrechnungID) return;
          // Another year's values replace the fields: ask first when some were changed.
          form.confirmDiscard(() => {
            form.revert();
            setChosenYear(Number(key));
          });
        }}
        isDisabled={!years || years.length === 0 || form.saving}
        width="size-2400"
      >
        {(item) => <Item key={String(item.id)}>{item.bezeichnung || String(item.jahr)}</Item>}
      </Picker>
      {info ? (
        <>
          <Text aria-live="polite">
            {info.anzahlKarten > 0
              ? `${countLine(info.anzahlKarten, info.anzahlParzellen)} im Jahr ${info.jahr}`
              : `Für ${info.jahr} sind noch keine Parkkarten vorgesehen. Die Anzahl je Parzelle tragen Sie unter Parzellen im Feld „Parkkarten für das Jahr“ ein.`}
          </Text>
          <NumberInput
            label="Gebühr je Karte"
            formatOptions={EURO_FORMAT}
            hideStepper
            isRequired={!readOnly}
            width="size-2400"
            description={readOnly ? undefined : 'in €, z. B. 15,00; 0, wenn die Karten nichts kosten'}
            {...form.field('gebuehrCent')}
          />
          <DateField label="Gültig bis" readOnly={readOnly} {...form.field('gueltigBis')} />
          <TextArea
            label="Hinweis"
            description={
              readOnly ? undefined : 'Steht auf jeder Karte, z. B. „Gut sichtbar hinter die Windschutzscheibe legen.“'
            }
            maxLength={2000}
            {...form.field('hinweis')}
          />
        </>
      ) : infoError ? (
        <MessageBanner
          level="danger"
          title="Die Parkkarten konnten nicht geladen werden."
          message={describeError(infoError)}
        />
      ) : yearsError && !years ? null : years?.length === 0 ? (
        <Text>Es gibt noch kein Abrechnungsjahr.</Text>
      ) : (
        <Flex justifyContent="center">
          <ProgressCircle aria-label="Die Parkkarten werden geladen …" isIndeterminate size="S" />
        </Flex>
      )}
    </FormDialog>
  );
}

import {
  Button,
  ButtonGroup,
  Content,
  Dialog,
  Divider,
  Flex,
  Form,
  Heading,
  Item,
  NumberField,
  Picker,
  ProgressCircle,
  Text,
  TextArea,
  useDialogContainer,
} from '@adobe/react-spectrum';
import { type FormEvent, useId, useState } from 'react';
import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { describeError } from '../../../api/errors';
import { usePachtabrechnungen } from '../../../api/stammdaten/pachtabrechnungen';
import { type ParkkartenInfo, saveParkkartenInfo, useParkkartenInfo } from '../../../api/stammdaten/parkkarten';
import { parkkartenInfoBody } from '../../../api/stammdaten/schemas';
import { fetchRecord, useVersionConflict } from '../../../api/versionConflict';
import { ConflictBanner, DateField, invalid, useFormErrors } from '../../../components/formKit';
import { MessageBanner } from '../../../components/MessageBanner';
import { FIELD_LABELS, VerlaufDisclosure } from '../../../components/VerlaufPanel';
import { centsToEuro, EURO_FORMAT, euroToCents } from '../../../lib/fieldFormats';
import { PrintSection } from './ParkkartenDruck';

const FIELDS = ['pachtabrechnungId', 'gebuehrCent', 'gueltigBis', 'hinweis'] as const;
type Field = (typeof FIELDS)[number];

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
  const formId = useId();
  const { data: years, error: yearsError } = usePachtabrechnungen();
  const [chosenYear, setChosenYear] = useState<number | undefined>(undefined);
  const pachtabrechnungID = chosenYear ?? years?.[0]?.id;
  const { data: loaded, error: infoError } = useParkkartenInfo(pachtabrechnungID);
  // swr keeps no previous data across keys, but guard anyway: never show last year's values as this year's.
  const info = loaded?.pachtabrechnungId === pachtabrechnungID ? loaded : undefined;

  const [euro, setEuro] = useState(Number.NaN);
  const [gueltigBis, setGueltigBis] = useState('');
  const [hinweis, setHinweis] = useState('');
  // The year whose stored values the fields hold; a newly loaded year replaces them.
  const [filledFor, setFilledFor] = useState<number | undefined>(undefined);
  // The stored info the fields were filled from: its version goes with the save.
  const [base, setBase] = useState<ParkkartenInfo | undefined>(undefined);
  const conflict = useVersionConflict({
    record: base,
    toValues: (r: ParkkartenInfo) => ({
      euro: centsToEuro(r.gebuehrCent),
      gueltigBis: formatGermanDate(r.gueltigBis),
      hinweis: r.hinweis,
    }),
    values: { euro, gueltigBis, hinweis },
    setValues: (v) => {
      setEuro(v.euro);
      setGueltigBis(v.gueltigBis);
      setHinweis(v.hinweis);
    },
    reload: () =>
      fetchRecord<ParkkartenInfo>('/api/Stammdaten/GetParkkartenInfo', {
        pachtabrechnungID: base?.pachtabrechnungId,
      }),
  });
  const form = useFormErrors(FIELDS, conflict);

  function fill(values: ParkkartenInfo) {
    setFilledFor(values.pachtabrechnungId);
    setBase(values);
    setEuro(centsToEuro(values.gebuehrCent));
    setGueltigBis(formatGermanDate(values.gueltigBis));
    setHinweis(values.hinweis);
  }
  if (info && filledFor !== info.pachtabrechnungId) fill(info);

  const gueltigBisValue = parseGermanDate(gueltigBis);
  const errorOf = (field: Field) => form.serverErrors[field];

  const dirty =
    info !== undefined &&
    (!Number.isFinite(euro) ||
      euroToCents(euro) !== info.gebuehrCent ||
      gueltigBisValue !== info.gueltigBis ||
      hinweis !== info.hinweis);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (readOnly || form.saving || !info) return;
    const body = {
      pachtabrechnungId: info.pachtabrechnungId,
      version: conflict.version,
      gebuehrCent: Number.isFinite(euro) ? euroToCents(euro) : null,
      gueltigBis: gueltigBisValue ?? null,
      hinweis,
    };
    const typed = {
      gebuehrCent: Number.isFinite(euro)
        ? undefined
        : 'Bitte geben Sie die Gebühr je Karte ein – 0, wenn die Karten nichts kosten.',
      gueltigBis:
        gueltigBisValue === undefined
          ? `Bitte geben Sie ein Datum wie 31.12.${info.jahr} ein oder lassen Sie das Feld leer.`
          : undefined,
    };
    if (!form.validate(parkkartenInfoBody, body, typed)) return;
    const ok = await form.save(async () => {
      const saved = await saveParkkartenInfo(body);
      // The server trims the note: show what is stored, so the form is not "changed" after saving.
      fill(saved);
      return saved;
    }, `Parkkarten ${info.jahr} gespeichert.`);
    if (ok) form.setSubmitted(false);
  }

  return (
    <Dialog size="L">
      <Heading>Parkkarten</Heading>
      <Divider />
      <Content>
        <Flex direction="column" gap="size-200">
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
              if (key === null) return;
              setChosenYear(Number(key));
              // Another year's values come in: the last year's messages no longer apply.
              for (const field of FIELDS) form.clear(field);
              form.setSubmitted(false);
            }}
            isDisabled={!years || years.length === 0 || form.saving}
            width="size-2400"
            {...invalid(form.serverErrors.pachtabrechnungId)}
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
              <ConflictBanner conflict={conflict} />
              {form.otherErrors.length > 0 ? (
                <MessageBanner level="danger" title="Nicht gespeichert" message={form.otherErrors.join('\n')} />
              ) : null}
              <Form
                id={formId}
                onSubmit={submit}
                aria-label={`Parkkarten ${info.jahr}`}
                validationBehavior="aria"
                isReadOnly={readOnly}
                maxWidth="size-6000"
              >
                <NumberField
                  label="Gebühr je Karte"
                  value={euro}
                  onChange={(value) => {
                    setEuro(value);
                    form.clear('gebuehrCent');
                  }}
                  formatOptions={EURO_FORMAT}
                  minValue={0}
                  hideStepper
                  isRequired={!readOnly}
                  necessityIndicator={readOnly ? 'icon' : 'label'}
                  width="size-2400"
                  description={readOnly ? undefined : 'in €, z. B. 15,00; 0, wenn die Karten nichts kosten'}
                  {...invalid(errorOf('gebuehrCent'))}
                />
                <DateField
                  label="Gültig bis"
                  value={gueltigBis}
                  onChange={(value) => {
                    setGueltigBis(value);
                    form.clear('gueltigBis');
                  }}
                  readOnly={readOnly}
                  error={errorOf('gueltigBis')}
                />
                <TextArea
                  label="Hinweis"
                  necessityIndicator={readOnly ? 'icon' : 'label'}
                  description={
                    readOnly
                      ? undefined
                      : 'Steht auf jeder Karte, z. B. „Gut sichtbar hinter die Windschutzscheibe legen.“'
                  }
                  value={hinweis}
                  onChange={(value) => {
                    setHinweis(value);
                    form.clear('hinweis');
                  }}
                  maxLength={2000}
                  {...invalid(errorOf('hinweis'))}
                />
              </Form>
              <PrintSection info={info} unsaved={dirty && !readOnly} />
              <VerlaufDisclosure
                entityType="Parkkarten"
                entityId={info.pachtabrechnungId}
                fieldLabels={PARKKARTEN_LABELS}
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
        </Flex>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dismiss} isDisabled={form.saving}>
          {readOnly ? 'Schließen' : 'Abbrechen'}
        </Button>
        {readOnly ? null : (
          <Button variant="accent" type="submit" form={formId} isPending={form.saving} isDisabled={!info}>
            Speichern
          </Button>
        )}
      </ButtonGroup>
    </Dialog>
  );
}

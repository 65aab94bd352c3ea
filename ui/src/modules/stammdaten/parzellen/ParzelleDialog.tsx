import {
  Button,
  ButtonGroup,
  Checkbox,
  CheckboxGroup,
  Content,
  Dialog,
  Divider,
  Flex,
  Form,
  Header,
  Heading,
  Item,
  Link,
  Picker,
  Switch,
  TabList,
  TabPanels,
  Tabs,
  Text,
  TextArea,
  TextField,
  useDialogContainer,
} from '@adobe/react-spectrum';
import { type FormEvent, useId, useRef } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { parkkartenPdfUrl } from '../../../api/stammdaten/parkkarten';
import {
  type Parzelle,
  type ParzelleInput,
  saveParzelle,
  useGruppenLookup,
  useHwzLookup,
} from '../../../api/stammdaten/parzellen';
import { parzelleBody } from '../../../api/stammdaten/schemas';
import { fetchRecord } from '../../../api/versionConflict';
import { NECESSITY_INDICATOR, useEscapeAsks } from '../../../components/FormFrame';
import { ConflictBanner, FormSummary, invalid, NumberInput } from '../../../components/formKit';
import { VerlaufPanel } from '../../../components/VerlaufPanel';
import { useZodForm } from '../../../lib/useZodForm';
import { inputToArea } from './format';
import { Gartenhistorie } from './Gartenhistorie';
import { EMPTY_PARZELLE, PARZELLE_FLAG_OPTIONS, PARZELLE_LABELS, toParzelleValues } from './parzelleFormValues';

const NONE = 'none';

export interface ParzelleDialogProps {
  /** The plot to show; absent for a new one. */
  parzelle?: Parzelle | undefined;
  /** The year the yearly values (Gemeinschaftsfläche, Parkkarten) belong to. */
  pachtabrechnungID?: number | undefined;
  readOnly?: boolean;
  onGartenwechsel?: (parzelle: Parzelle) => void;
  /** The water book's meter change of this plot (only for a plot with a meter). */
  onZaehlerwechsel?: (parzelle: Parzelle) => void;
  onDelete?: (parzelle: Parzelle) => void;
}

/** The record of one plot: Stammdaten (form), Gartenhistorie, Verlauf. Render inside a DialogContainer. */
export function ParzelleDialog({
  parzelle,
  pachtabrechnungID,
  readOnly = false,
  onGartenwechsel,
  onZaehlerwechsel,
  onDelete,
}: ParzelleDialogProps) {
  const { dismiss } = useDialogContainer();
  const formId = useId();
  const form = useZodForm(parzelleBody, {
    initial: parzelle ? toParzelleValues(parzelle) : EMPTY_PARZELLE,
    labels: PARZELLE_LABELS,
    toBody: (v, { version }): ParzelleInput => ({
      ...(parzelle ? { id: parzelle.id, version } : {}),
      nummer: v.nummer.trim(),
      flaeche: inputToArea(v.flaeche) ?? '0.00',
      gemeinschaftsflaeche: inputToArea(v.gemeinschaftsflaeche) ?? null,
      anzahlParkkarten: v.anzahlParkkarten,
      flags: v.flags,
      wasserzaehlerNummer: v.wasserzaehlerNummer.trim(),
      hauptwasserzaehlerId: v.hauptwasserzaehlerId,
      gruppeId: v.gruppeId,
      aktiv: v.aktiv,
      notiz: v.notiz,
      ...(pachtabrechnungID !== undefined
        ? { pachtabrechnungId: pachtabrechnungID }
        : parzelle
          ? { pachtabrechnungId: parzelle.pachtabrechnungId }
          : {}),
    }),
    // What the form could not read as an area or a count; the API's schema checks the rest.
    inputErrors: (v) => ({
      flaeche:
        inputToArea(v.flaeche) === undefined
          ? 'Bitte geben Sie die Fläche in m² ein, z. B. 400 oder 400,50.'
          : undefined,
      gemeinschaftsflaeche:
        inputToArea(v.gemeinschaftsflaeche) === undefined
          ? 'Bitte geben Sie die Fläche in m² ein, z. B. 100 oder leer lassen.'
          : undefined,
      anzahlParkkarten: Number.isNaN(v.anzahlParkkarten)
        ? 'Bitte geben Sie die Anzahl ein – 0, wenn keine.'
        : undefined,
    }),
    conflict: {
      record: parzelle,
      toValues: toParzelleValues,
      reload: () =>
        fetchRecord<Parzelle>('/api/Stammdaten/GetParzelle', {
          id: parzelle?.id ?? 0,
          pachtabrechnungID: pachtabrechnungID ?? parzelle?.pachtabrechnungId,
        }),
    },
    readOnly,
  });
  const { flags, hauptwasserzaehlerId: hwzId, gruppeId } = form.values;
  const saving = form.saving;
  const { data: hwz } = useHwzLookup();
  const { data: gruppen } = useGruppenLookup();
  // Escape and Abbrechen ask before typed text is dropped.
  const marker = useRef<HTMLSpanElement>(null);
  const cancel = () => form.confirmDiscard(dismiss);
  useEscapeAsks(marker, form.dirty && !saving, cancel);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (readOnly || saving) return;
    void form.submit((body) => saveParzelle(body), {
      success: (saved) => `Parzelle ${saved.nummer} gespeichert.`,
      onSaved: dismiss,
    });
  }

  const title = parzelle ? `Parzelle ${parzelle.nummer}` : 'Neue Parzelle';
  const holder = parzelle?.nutzungsberechtigter;

  const stammdaten = (
    <>
      <ConflictBanner conflict={form.conflict} />
      <FormSummary form={form} />
      <Form
        id={formId}
        onSubmit={submit}
        aria-label={`${title} – Stammdaten`}
        validationBehavior="aria"
        isReadOnly={readOnly}
        necessityIndicator={NECESSITY_INDICATOR}
        maxWidth="size-6000"
      >
        <TextField
          label="Nummer"
          isRequired={!readOnly}
          maxLength={20}
          autoFocus={!parzelle}
          {...form.field('nummer')}
        />
        <TextField label="Fläche" description="in m², z. B. 400,00" inputMode="decimal" {...form.field('flaeche')} />
        <TextField
          label="Gemeinschaftsfläche für das Jahr"
          description="in m²; leer, wenn keine"
          inputMode="decimal"
          {...form.field('gemeinschaftsflaeche')}
        />
        <NumberInput label="Parkkarten für das Jahr" {...form.field('anzahlParkkarten')} />
        <CheckboxGroup
          label="Zuschläge"
          id={form.idOf('flags')}
          value={PARZELLE_FLAG_OPTIONS.filter((option) => (flags & option.bit) !== 0).map((option) => option.key)}
          onChange={(keys) => {
            // Bits the form does not know are kept.
            const known = PARZELLE_FLAG_OPTIONS.reduce((sum, option) => sum | option.bit, 0);
            const chosen = PARZELLE_FLAG_OPTIONS.filter((option) => keys.includes(option.key)).reduce(
              (sum, option) => sum | option.bit,
              0,
            );
            form.set('flags', (flags & ~known) | chosen);
          }}
          {...invalid(form.errors.flags)}
        >
          {PARZELLE_FLAG_OPTIONS.map((option) => (
            <Checkbox key={option.key} value={option.key}>
              {option.label}
            </Checkbox>
          ))}
        </CheckboxGroup>
        <TextField label="Wasserzähler-Nummer" maxLength={50} {...form.field('wasserzaehlerNummer')} />
        <Picker
          label="Hauptwasserzähler"
          id={form.idOf('hauptwasserzaehlerId')}
          items={[
            { id: NONE, name: 'keiner' },
            ...(hwz ?? []).map((item) => ({ id: String(item.id), name: item.name })),
          ]}
          selectedKey={hwzId === null ? NONE : String(hwzId)}
          onSelectionChange={(key) => {
            form.set('hauptwasserzaehlerId', key === NONE || key === null ? null : Number(key));
          }}
          {...invalid(form.errors.hauptwasserzaehlerId)}
        >
          {(item) => <Item key={item.id}>{item.name}</Item>}
        </Picker>
        <Picker
          label="Gruppe"
          id={form.idOf('gruppeId')}
          items={[
            { id: NONE, name: 'keine' },
            ...(gruppen ?? []).map((item) => ({ id: String(item.id), name: item.name })),
          ]}
          selectedKey={gruppeId === null ? NONE : String(gruppeId)}
          onSelectionChange={(key) => {
            form.set('gruppeId', key === NONE || key === null ? null : Number(key));
          }}
          {...invalid(form.errors.gruppeId)}
        >
          {(item) => <Item key={item.id}>{item.name}</Item>}
        </Picker>
        <Switch isSelected={form.values.aktiv} onChange={(value) => form.set('aktiv', value)} isReadOnly={readOnly}>
          Aktiv
        </Switch>
        <TextArea label="Notiz" {...form.field('notiz')} />
      </Form>
    </>
  );

  return (
    <Dialog size="L">
      <Heading>{title}</Heading>
      <Header>
        {parzelle ? (
          <Flex gap="size-100" alignItems="center" wrap>
            <Text>{holder ? `${holder.name} seit ${formatGermanDate(holder.von)}` : 'frei'}</Text>
            {/* The stored count of the plot's year: the PDF prints that one, not an unsaved edit. */}
            {parzelle.anzahlParkkarten > 0 ? (
              <Link href={parkkartenPdfUrl(parzelle.pachtabrechnungId, parzelle.id)} target="_blank" rel="noreferrer">
                Parkkarten drucken (PDF)
              </Link>
            ) : null}
            {!readOnly && onGartenwechsel ? (
              <Button variant="secondary" onPress={() => onGartenwechsel(parzelle)}>
                Gartenwechsel
              </Button>
            ) : null}
            {!readOnly && onZaehlerwechsel && parzelle.wasserzaehlerNummer ? (
              <Button variant="secondary" onPress={() => onZaehlerwechsel(parzelle)}>
                Zählerwechsel
              </Button>
            ) : null}
            {!readOnly && onDelete ? (
              <Button variant="negative" style="outline" onPress={() => onDelete(parzelle)}>
                Löschen
              </Button>
            ) : null}
          </Flex>
        ) : null}
      </Header>
      <Divider />
      <Content>
        <span ref={marker} hidden />
        {form.dialogs}
        {parzelle ? (
          <Tabs aria-label={title}>
            <TabList>
              <Item key="stammdaten">Stammdaten</Item>
              <Item key="gartenhistorie">Gartenhistorie</Item>
              <Item key="verlauf">Verlauf</Item>
            </TabList>
            <TabPanels>
              <Item key="stammdaten">{stammdaten}</Item>
              <Item key="gartenhistorie">
                <Gartenhistorie parzelleId={parzelle.id} />
              </Item>
              <Item key="verlauf">
                <VerlaufPanel entityType="Parzelle" entityId={parzelle.id} />
              </Item>
            </TabPanels>
          </Tabs>
        ) : (
          stammdaten
        )}
      </Content>
      <ButtonGroup>
        {readOnly ? (
          <Button variant="secondary" onPress={dismiss}>
            Schließen
          </Button>
        ) : (
          <>
            <Button variant="secondary" onPress={cancel} isDisabled={saving}>
              Abbrechen
            </Button>
            <Button variant="accent" type="submit" form={formId} isPending={saving}>
              Speichern
            </Button>
          </>
        )}
      </ButtonGroup>
    </Dialog>
  );
}

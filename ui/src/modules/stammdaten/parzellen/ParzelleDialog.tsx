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
  NumberField,
  Picker,
  ProgressCircle,
  Switch,
  TabList,
  TabPanels,
  Tabs,
  Text,
  TextArea,
  TextField,
  useDialogContainer,
} from '@adobe/react-spectrum';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { describeError, isAbortedError } from '../../../api/errors';
import { parkkartenPdfUrl } from '../../../api/stammdaten/parkkarten';
import {
  PARZELLE_FLAGS,
  type Parzelle,
  type ParzelleInput,
  saveParzelle,
  useGartenhistorie,
  useGruppenLookup,
  useHwzLookup,
} from '../../../api/stammdaten/parzellen';
import { parzelleBody } from '../../../api/stammdaten/schemas';
import { saveWithToast } from '../../../api/toast';
import { fetchRecord, useVersionConflict } from '../../../api/versionConflict';
import { ConflictBanner } from '../../../components/formKit';
import { MessageBanner } from '../../../components/MessageBanner';
import { VerlaufPanel } from '../../../components/VerlaufPanel';
import { schemaErrors } from '../../../lib/schemaErrors';
import { matchFieldErrors } from '../../../lib/serverErrors';
import { areaToInput, inputToArea } from './format';

const FIELDS = [
  'nummer',
  'flaeche',
  'gemeinschaftsflaeche',
  'anzahlParkkarten',
  'flags',
  'wasserzaehlerNummer',
  'hauptwasserzaehlerId',
  'gruppeId',
  'aktiv',
  'notiz',
] as const;
type Field = (typeof FIELDS)[number];

const FLAG_OPTIONS = [
  { key: 'staendigWohnen', label: 'ständig wohnen', bit: PARZELLE_FLAGS.staendigWohnen },
  { key: 'groesserBauen', label: 'größer bauen', bit: PARZELLE_FLAGS.groesserBauen },
  { key: 'kanal', label: 'Kanalanschluss', bit: PARZELLE_FLAGS.kanal },
] as const;

const NONE = 'none';

function invalid(error: string | undefined) {
  return error ? { validationState: 'invalid' as const, errorMessage: error } : {};
}

export interface ParzelleDialogProps {
  /** The plot to show; absent for a new one. */
  parzelle?: Parzelle | undefined;
  /** The year the yearly values (Gemeinschaftsfläche, Parkkarten) belong to. */
  pachtabrechnungID?: number | undefined;
  readOnly?: boolean;
  onGartenwechsel?: (parzelle: Parzelle) => void;
  onDelete?: (parzelle: Parzelle) => void;
}

/** The record of one plot: Stammdaten (form), Gartenhistorie, Verlauf. Render inside a DialogContainer. */
export function ParzelleDialog({
  parzelle,
  pachtabrechnungID,
  readOnly = false,
  onGartenwechsel,
  onDelete,
}: ParzelleDialogProps) {
  const { dismiss } = useDialogContainer();
  const formId = useId();
  const [nummer, setNummer] = useState(parzelle?.nummer ?? '');
  const [flaeche, setFlaeche] = useState(areaToInput(parzelle?.flaeche));
  const [gemeinschaft, setGemeinschaft] = useState(areaToInput(parzelle?.gemeinschaftsflaeche));
  const [parkkarten, setParkkarten] = useState(parzelle?.anzahlParkkarten ?? 0);
  const [flags, setFlags] = useState(parzelle?.flags ?? 0);
  const [wasserzaehler, setWasserzaehler] = useState(parzelle?.wasserzaehlerNummer ?? '');
  const [hwzId, setHwzId] = useState<number | null>(parzelle?.hauptwasserzaehlerId ?? null);
  const [gruppeId, setGruppeId] = useState<number | null>(parzelle?.gruppeId ?? null);
  const [aktiv, setAktiv] = useState(parzelle?.aktiv ?? true);
  const [notiz, setNotiz] = useState(parzelle?.notiz ?? '');
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const conflict = useVersionConflict({
    record: parzelle,
    toValues: (r: Parzelle) => ({
      nummer: r.nummer,
      flaeche: areaToInput(r.flaeche),
      gemeinschaft: areaToInput(r.gemeinschaftsflaeche),
      parkkarten: r.anzahlParkkarten,
      flags: r.flags,
      wasserzaehler: r.wasserzaehlerNummer,
      hwzId: r.hauptwasserzaehlerId,
      gruppeId: r.gruppeId,
      aktiv: r.aktiv,
      notiz: r.notiz,
    }),
    values: { nummer, flaeche, gemeinschaft, parkkarten, flags, wasserzaehler, hwzId, gruppeId, aktiv, notiz },
    setValues: (v) => {
      setNummer(v.nummer);
      setFlaeche(v.flaeche);
      setGemeinschaft(v.gemeinschaft);
      setParkkarten(v.parkkarten);
      setFlags(v.flags);
      setWasserzaehler(v.wasserzaehler);
      setHwzId(v.hwzId);
      setGruppeId(v.gruppeId);
      setAktiv(v.aktiv);
      setNotiz(v.notiz);
    },
    reload: () =>
      fetchRecord<Parzelle>('/api/Stammdaten/GetParzelle', {
        id: parzelle?.id ?? 0,
        pachtabrechnungID: pachtabrechnungID ?? parzelle?.pachtabrechnungId,
      }),
  });
  const { data: hwz } = useHwzLookup();
  const { data: gruppen } = useGruppenLookup();

  const flaecheValue = inputToArea(flaeche);
  const gemeinschaftValue = inputToArea(gemeinschaft);
  const errorOf = (field: Field) => serverErrors[field];
  const clear = (field: Field) =>
    setServerErrors((errors) => {
      const { [field]: _, ...rest } = errors;
      return rest;
    });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (readOnly || saving) return;
    const body: ParzelleInput = {
      ...(parzelle ? { id: parzelle.id, version: conflict.version } : {}),
      nummer: nummer.trim(),
      flaeche: flaecheValue ?? '0.00',
      gemeinschaftsflaeche: gemeinschaftValue ?? null,
      anzahlParkkarten: Number.isFinite(parkkarten) ? parkkarten : 0,
      flags,
      wasserzaehlerNummer: wasserzaehler.trim(),
      hauptwasserzaehlerId: hwzId,
      gruppeId,
      aktiv,
      notiz,
      ...(pachtabrechnungID !== undefined
        ? { pachtabrechnungId: pachtabrechnungID }
        : parzelle
          ? { pachtabrechnungId: parzelle.pachtabrechnungId }
          : {}),
    };
    // The API's own schema, and what the form could not read as an area.
    const found = schemaErrors(parzelleBody, body, FIELDS);
    if (flaecheValue === undefined)
      found.fields.flaeche = 'Bitte geben Sie die Fläche in m² ein, z. B. 400 oder 400,50.';
    if (gemeinschaftValue === undefined)
      found.fields.gemeinschaftsflaeche = 'Bitte geben Sie die Fläche in m² ein, z. B. 100 oder leer lassen.';
    setServerErrors(found.fields);
    setOtherErrors(found.other);
    if (Object.keys(found.fields).length > 0 || found.other.length > 0) return;
    setSaving(true);
    try {
      await saveWithToast(saveParzelle(body), { success: `Parzelle ${body.nummer} gespeichert.` });
      dismiss();
    } catch (error) {
      if (!isAbortedError(error) && !conflict.noteError(error)) {
        const matched = matchFieldErrors(error, FIELDS);
        setServerErrors(matched.fields);
        setOtherErrors(matched.other);
      }
    } finally {
      setSaving(false);
    }
  }

  const title = parzelle ? `Parzelle ${parzelle.nummer}` : 'Neue Parzelle';
  const holder = parzelle?.nutzungsberechtigter;

  const form = (
    <>
      <ConflictBanner conflict={conflict} />
      {otherErrors.length > 0 ? (
        <MessageBanner level="danger" title="Nicht gespeichert" message={otherErrors.join('\n')} />
      ) : null}
      <Form
        id={formId}
        onSubmit={submit}
        aria-label={`${title} – Stammdaten`}
        validationBehavior="aria"
        isReadOnly={readOnly}
        maxWidth="size-6000"
      >
        <TextField
          label="Nummer"
          value={nummer}
          onChange={(value) => {
            setNummer(value);
            clear('nummer');
          }}
          isRequired={!readOnly}
          maxLength={20}
          autoFocus={!parzelle}
          {...invalid(errorOf('nummer'))}
        />
        <TextField
          label="Fläche"
          description="in m², z. B. 400,00"
          value={flaeche}
          onChange={(value) => {
            setFlaeche(value);
            clear('flaeche');
          }}
          inputMode="decimal"
          {...invalid(errorOf('flaeche'))}
        />
        <TextField
          label="Gemeinschaftsfläche für das Jahr"
          description="in m²; leer, wenn keine"
          value={gemeinschaft}
          onChange={(value) => {
            setGemeinschaft(value);
            clear('gemeinschaftsflaeche');
          }}
          inputMode="decimal"
          {...invalid(errorOf('gemeinschaftsflaeche'))}
        />
        <NumberField
          label="Parkkarten für das Jahr"
          value={parkkarten}
          onChange={(value) => {
            setParkkarten(value);
            clear('anzahlParkkarten');
          }}
          minValue={0}
          maxValue={100}
          step={1}
          {...invalid(errorOf('anzahlParkkarten'))}
        />
        <CheckboxGroup
          label="Zuschläge"
          value={FLAG_OPTIONS.filter((option) => (flags & option.bit) !== 0).map((option) => option.key)}
          onChange={(keys) => {
            // Bits the form does not know are kept.
            const known = FLAG_OPTIONS.reduce((sum, option) => sum | option.bit, 0);
            const chosen = FLAG_OPTIONS.filter((option) => keys.includes(option.key)).reduce(
              (sum, option) => sum | option.bit,
              0,
            );
            setFlags((flags & ~known) | chosen);
            clear('flags');
          }}
          {...invalid(errorOf('flags'))}
        >
          {FLAG_OPTIONS.map((option) => (
            <Checkbox key={option.key} value={option.key}>
              {option.label}
            </Checkbox>
          ))}
        </CheckboxGroup>
        <TextField
          label="Wasserzähler-Nummer"
          value={wasserzaehler}
          onChange={(value) => {
            setWasserzaehler(value);
            clear('wasserzaehlerNummer');
          }}
          maxLength={50}
          {...invalid(errorOf('wasserzaehlerNummer'))}
        />
        <Picker
          label="Hauptwasserzähler"
          items={[
            { id: NONE, name: 'keiner' },
            ...(hwz ?? []).map((item) => ({ id: String(item.id), name: item.name })),
          ]}
          selectedKey={hwzId === null ? NONE : String(hwzId)}
          onSelectionChange={(key) => {
            setHwzId(key === NONE || key === null ? null : Number(key));
            clear('hauptwasserzaehlerId');
          }}
          {...invalid(errorOf('hauptwasserzaehlerId'))}
        >
          {(item) => <Item key={item.id}>{item.name}</Item>}
        </Picker>
        <Picker
          label="Gruppe"
          items={[
            { id: NONE, name: 'keine' },
            ...(gruppen ?? []).map((item) => ({ id: String(item.id), name: item.name })),
          ]}
          selectedKey={gruppeId === null ? NONE : String(gruppeId)}
          onSelectionChange={(key) => {
            setGruppeId(key === NONE || key === null ? null : Number(key));
            clear('gruppeId');
          }}
          {...invalid(errorOf('gruppeId'))}
        >
          {(item) => <Item key={item.id}>{item.name}</Item>}
        </Picker>
        <Switch isSelected={aktiv} onChange={setAktiv} isReadOnly={readOnly}>
          Aktiv
        </Switch>
        <TextArea
          label="Notiz"
          value={notiz}
          onChange={(value) => {
            setNotiz(value);
            clear('notiz');
          }}
          {...invalid(errorOf('notiz'))}
        />
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
        {parzelle ? (
          <Tabs aria-label={title}>
            <TabList>
              <Item key="stammdaten">Stammdaten</Item>
              <Item key="gartenhistorie">Gartenhistorie</Item>
              <Item key="verlauf">Verlauf</Item>
            </TabList>
            <TabPanels>
              <Item key="stammdaten">{form}</Item>
              <Item key="gartenhistorie">
                <Gartenhistorie parzelleId={parzelle.id} />
              </Item>
              <Item key="verlauf">
                <VerlaufPanel entityType="Parzelle" entityId={parzelle.id} />
              </Item>
            </TabPanels>
          </Tabs>
        ) : (
          form
        )}
      </Content>
      <ButtonGroup>
        {readOnly ? (
          <Button variant="secondary" onPress={dismiss}>
            Schließen
          </Button>
        ) : (
          <>
            <Button variant="secondary" onPress={dismiss} isDisabled={saving}>
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

function Gartenhistorie({ parzelleId }: { parzelleId: number }): ReactNode {
  const { data, error } = useGartenhistorie(parzelleId);
  if (error && !data)
    return (
      <MessageBanner
        level="danger"
        title="Die Gartenhistorie konnte nicht geladen werden."
        message={describeError(error)}
      />
    );
  if (!data) return <ProgressCircle aria-label="Die Gartenhistorie wird geladen …" isIndeterminate size="S" />;
  if (data.length === 0) return <Text>Diese Parzelle hatte noch keinen Nutzungsberechtigten.</Text>;
  return (
    <table className="kgv-gartenhistorie" aria-label="Gartenhistorie">
      <thead>
        <tr>
          <th scope="col">Nutzungsberechtigter</th>
          <th scope="col">von</th>
          <th scope="col">bis</th>
        </tr>
      </thead>
      <tbody>
        {data.map((eintrag) => (
          <tr key={`${eintrag.adresseId}-${eintrag.von}`}>
            <td>{eintrag.name}</td>
            <td>{formatGermanDate(eintrag.von)}</td>
            <td>{eintrag.bis ? formatGermanDate(eintrag.bis) : 'heute'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

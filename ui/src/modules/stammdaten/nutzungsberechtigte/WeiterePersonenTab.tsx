import {
  ActionButton,
  AlertDialog,
  Button,
  ButtonGroup,
  Checkbox,
  Content,
  Dialog,
  DialogContainer,
  Divider,
  Flex,
  Form,
  Heading,
  Item,
  Picker,
  Text,
  TextArea,
  TextField,
  useDialogContainer,
  View,
} from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import Delete from '@spectrum-icons/workflow/Delete';
import Edit from '@spectrum-icons/workflow/Edit';
import { type FormEvent, useId, useState } from 'react';
import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { isAbortedError } from '../../../api/errors';
import {
  ADRESSE_FLAGS,
  type AdresseDetail,
  deleteWeiterePerson,
  saveWeiterePerson,
  type WeiterePerson,
} from '../../../api/stammdaten/adressen';
import { weiterePersonBody } from '../../../api/stammdaten/schemas';
import { saveWithToast } from '../../../api/toast';
import { fetchRecord, useVersionConflict } from '../../../api/versionConflict';
import { ConflictBanner } from '../../../components/formKit';
import { MessageBanner } from '../../../components/MessageBanner';
import { schemaErrors } from '../../../lib/schemaErrors';
import { matchFieldErrors } from '../../../lib/serverErrors';
import { ANREDEN, DATE_ERROR } from './format';

const personName = (p: Pick<WeiterePerson, 'titel' | 'vorname' | 'nachname'>) =>
  [p.titel, p.nachname, p.vorname].filter(Boolean).join(' ');

type DialogState = { kind: 'edit'; person?: WeiterePerson } | { kind: 'delete'; person: WeiterePerson };

/** Tab "Weitere Personen": partners, children … of an address. */
export function WeiterePersonenTab({ adresse, readOnly }: { adresse: AdresseDetail; readOnly: boolean }) {
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const personen = adresse.weiterePersonen ?? [];

  async function remove(person: WeiterePerson) {
    try {
      await saveWithToast(deleteWeiterePerson(person.id), { success: `„${personName(person)}“ gelöscht.` });
    } catch {
      // The error toast says why.
    }
  }

  return (
    <Flex direction="column" gap="size-200" marginTop="size-200">
      {personen.length === 0 ? (
        <Text>Zu dieser Adresse sind keine weiteren Personen eingetragen.</Text>
      ) : (
        <View>
          <table className="kgv-simple-table" aria-label="Weitere Personen">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Beziehung</th>
                <th scope="col">Geburtsdatum</th>
                <th scope="col">Telefon</th>
                <th scope="col">E-Mail</th>
                <th scope="col">
                  <span className="kgv-visually-hidden">Aktionen</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {personen.map((person) => (
                <tr key={person.id}>
                  <td>{personName(person)}</td>
                  <td>{person.beziehung}</td>
                  <td>{formatGermanDate(person.geburtsdatum)}</td>
                  <td>{person.telefon}</td>
                  <td>{person.email}</td>
                  <td>
                    <Flex gap="size-50">
                      <ActionButton
                        isQuiet
                        aria-label={`${readOnly ? 'Anzeigen' : 'Bearbeiten'}: ${personName(person)}`}
                        onPress={() => setDialog({ kind: 'edit', person })}
                      >
                        <Edit />
                      </ActionButton>
                      {readOnly ? null : (
                        <ActionButton
                          isQuiet
                          aria-label={`Löschen: ${personName(person)}`}
                          onPress={() => setDialog({ kind: 'delete', person })}
                        >
                          <Delete />
                        </ActionButton>
                      )}
                    </Flex>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </View>
      )}
      {readOnly ? null : (
        <Flex>
          <Button variant="secondary" onPress={() => setDialog({ kind: 'edit' })}>
            <Add />
            <Text>Person hinzufügen</Text>
          </Button>
        </Flex>
      )}
      <DialogContainer onDismiss={() => setDialog(null)}>
        {dialog?.kind === 'edit' ? (
          <WeiterePersonDialog adresseId={adresse.id} person={dialog.person} readOnly={readOnly} />
        ) : dialog?.kind === 'delete' ? (
          <AlertDialog
            title={`„${personName(dialog.person)}“ löschen?`}
            variant="destructive"
            primaryActionLabel="Löschen"
            cancelLabel="Abbrechen"
            autoFocusButton="cancel"
            onPrimaryAction={() => void remove(dialog.person)}
          >
            Die Person wird aus dieser Adresse endgültig gelöscht.
          </AlertDialog>
        ) : null}
      </DialogContainer>
    </Flex>
  );
}

const FIELDS = [
  'anrede',
  'titel',
  'vorname',
  'nachname',
  'beziehung',
  'telefon',
  'email',
  'geburtsdatum',
  'eintrittsdatum',
  'notiz',
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

function WeiterePersonDialog({
  adresseId,
  person,
  readOnly,
}: {
  adresseId: number;
  person?: WeiterePerson | undefined;
  readOnly: boolean;
}) {
  const { dismiss } = useDialogContainer();
  const formId = useId();
  const [values, setValues] = useState<Values>({
    anrede: person?.anrede ?? '',
    titel: person?.titel ?? '',
    vorname: person?.vorname ?? '',
    nachname: person?.nachname ?? '',
    beziehung: person?.beziehung ?? '',
    telefon: person?.telefon ?? '',
    email: person?.email ?? '',
    geburtsdatum: formatGermanDate(person?.geburtsdatum),
    eintrittsdatum: formatGermanDate(person?.eintrittsdatum),
    notiz: person?.notiz ?? '',
  });
  const [mitglied, setMitglied] = useState(((person?.flags ?? 0) & ADRESSE_FLAGS.kgvMitglied) !== 0);
  const [zeitung, setZeitung] = useState(person?.zeitungErlaubt ?? false);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const conflict = useVersionConflict({
    record: person,
    toValues: (r: WeiterePerson) => ({
      anrede: r.anrede,
      titel: r.titel,
      vorname: r.vorname,
      nachname: r.nachname,
      beziehung: r.beziehung,
      telefon: r.telefon,
      email: r.email,
      geburtsdatum: formatGermanDate(r.geburtsdatum),
      eintrittsdatum: formatGermanDate(r.eintrittsdatum),
      notiz: r.notiz,
      mitglied: (r.flags & ADRESSE_FLAGS.kgvMitglied) !== 0,
      zeitung: r.zeitungErlaubt,
    }),
    values: { ...values, mitglied, zeitung },
    setValues: ({ mitglied: m, zeitung: z, ...rest }) => {
      setValues(rest);
      setMitglied(m);
      setZeitung(z);
    },
    reload: () => fetchRecord<WeiterePerson>('/api/Stammdaten/GetWeiterePerson', { id: person?.id ?? 0 }),
  });

  const otherFlags = (conflict.record?.flags ?? 0) & ~ADRESSE_FLAGS.kgvMitglied;
  const body = {
    ...(person ? { id: person.id, version: conflict.version } : {}),
    adresseId,
    anrede: values.anrede,
    titel: values.titel.trim(),
    vorname: values.vorname.trim(),
    nachname: values.nachname.trim(),
    beziehung: values.beziehung.trim(),
    telefon: values.telefon.trim(),
    email: values.email.trim(),
    geburtsdatum: parseGermanDate(values.geburtsdatum) ?? null,
    eintrittsdatum: parseGermanDate(values.eintrittsdatum) ?? null,
    flags: otherFlags + (mitglied ? ADRESSE_FLAGS.kgvMitglied : 0),
    zeitungErlaubt: zeitung,
    notiz: values.notiz,
  };
  // The API's own schema, so the form refuses exactly what the server would, in its words.
  const clientErrors = schemaErrors(weiterePersonBody, body, FIELDS).fields;
  if (parseGermanDate(values.geburtsdatum) === undefined) clientErrors.geburtsdatum = DATE_ERROR;
  if (parseGermanDate(values.eintrittsdatum) === undefined) clientErrors.eintrittsdatum = DATE_ERROR;
  const errorOf = (field: Field) => serverErrors[field] ?? (submitted ? clientErrors[field] : undefined);
  const invalid = (field: Field) => {
    const error = errorOf(field);
    return error ? { validationState: 'invalid' as const, errorMessage: error } : {};
  };

  function set(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _, ...rest }) => rest);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (readOnly || saving) return;
    setSubmitted(true);
    if (Object.keys(clientErrors).length > 0) return;
    setSaving(true);
    setServerErrors({});
    setOtherErrors([]);
    try {
      await saveWithToast(saveWeiterePerson(body));
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

  const title = readOnly ? 'Weitere Person' : person ? 'Weitere Person bearbeiten' : 'Weitere Person hinzufügen';
  const text = (field: Field, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={values[field]}
      onChange={(value) => set(field, value)}
      width="100%"
      {...invalid(field)}
      {...extra}
    />
  );
  return (
    <Dialog size="M">
      <Heading>{title}</Heading>
      <Divider />
      <Content>
        <ConflictBanner conflict={conflict} />
        {otherErrors.length > 0 ? (
          <MessageBanner level="danger" title="Nicht gespeichert" message={otherErrors.join('\n')} />
        ) : null}
        <Form id={formId} onSubmit={submit} aria-label={title} validationBehavior="aria" isReadOnly={readOnly}>
          <Picker
            label="Anrede"
            items={ANREDEN.map((value) => ({ key: value }))}
            selectedKey={values.anrede || null}
            onSelectionChange={(key) => set('anrede', key === null ? '' : String(key))}
            isDisabled={readOnly}
          >
            {(item) => <Item key={item.key}>{item.key}</Item>}
          </Picker>
          {text('titel', 'Titel')}
          {text('vorname', 'Vorname')}
          {text('nachname', 'Nachname', {
            isRequired: !readOnly,
            necessityIndicator: readOnly ? 'icon' : 'label',
            autoFocus: true,
          })}
          {text('beziehung', 'Beziehung', { description: readOnly ? undefined : 'z. B. Ehepartnerin, Sohn' })}
          {text('telefon', 'Telefon', { type: 'tel' })}
          {text('email', 'E-Mail', { type: 'email' })}
          {text('geburtsdatum', 'Geburtsdatum', { description: readOnly ? undefined : 'TT.MM.JJJJ' })}
          {text('eintrittsdatum', 'Eintritt', { description: readOnly ? undefined : 'TT.MM.JJJJ' })}
          <Checkbox isSelected={mitglied} onChange={setMitglied} isReadOnly={readOnly}>
            KGV-Mitglied
          </Checkbox>
          <Checkbox isSelected={zeitung} onChange={setZeitung} isReadOnly={readOnly}>
            Darf in der Vereinszeitung genannt werden
          </Checkbox>
          <TextArea label="Notiz" value={values.notiz} onChange={(value) => set('notiz', value)} />
        </Form>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dismiss}>
          {readOnly ? 'Schließen' : 'Abbrechen'}
        </Button>
        {readOnly ? null : (
          <Button variant="accent" type="submit" form={formId} isPending={saving}>
            Speichern
          </Button>
        )}
      </ButtonGroup>
    </Dialog>
  );
}

import {
  ActionButton,
  AlertDialog,
  Button,
  Checkbox,
  DialogContainer,
  Flex,
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
import { useState } from 'react';
import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import {
  ADRESSE_FLAGS,
  type AdresseDetail,
  deleteWeiterePerson,
  saveWeiterePerson,
  type WeiterePerson,
} from '../../../api/stammdaten/adressen';
import { weiterePersonBody } from '../../../api/stammdaten/schemas';
import { saveWithToast } from '../../../api/toast';
import { fetchRecord } from '../../../api/versionConflict';
import { FormDialog, invalid } from '../../../components/formKit';
import { useZodForm } from '../../../lib/useZodForm';
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

const LABELS = {
  anrede: 'Anrede',
  titel: 'Titel',
  vorname: 'Vorname',
  nachname: 'Nachname',
  beziehung: 'Beziehung',
  telefon: 'Telefon',
  email: 'E-Mail',
  geburtsdatum: 'Geburtsdatum',
  eintrittsdatum: 'Eintritt',
  notiz: 'Notiz',
  mitglied: 'KGV-Mitglied',
  zeitung: 'Vereinszeitung',
};

const toValues = (r: WeiterePerson | undefined) => ({
  anrede: r?.anrede ?? '',
  titel: r?.titel ?? '',
  vorname: r?.vorname ?? '',
  nachname: r?.nachname ?? '',
  beziehung: r?.beziehung ?? '',
  telefon: r?.telefon ?? '',
  email: r?.email ?? '',
  geburtsdatum: formatGermanDate(r?.geburtsdatum),
  eintrittsdatum: formatGermanDate(r?.eintrittsdatum),
  notiz: r?.notiz ?? '',
  mitglied: ((r?.flags ?? 0) & ADRESSE_FLAGS.kgvMitglied) !== 0,
  zeitung: r?.zeitungErlaubt ?? false,
});

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
  const form = useZodForm(weiterePersonBody, {
    initial: toValues(person),
    labels: LABELS,
    toBody: (v, { version }) => ({
      ...(person ? { id: person.id, version } : {}),
      adresseId,
      anrede: v.anrede,
      titel: v.titel.trim(),
      vorname: v.vorname.trim(),
      nachname: v.nachname.trim(),
      beziehung: v.beziehung.trim(),
      telefon: v.telefon.trim(),
      email: v.email.trim(),
      geburtsdatum: parseGermanDate(v.geburtsdatum) ?? null,
      eintrittsdatum: parseGermanDate(v.eintrittsdatum) ?? null,
      // Flags the form does not show are kept.
      flags: ((person?.flags ?? 0) & ~ADRESSE_FLAGS.kgvMitglied) + (v.mitglied ? ADRESSE_FLAGS.kgvMitglied : 0),
      zeitungErlaubt: v.zeitung,
      notiz: v.notiz,
    }),
    inputErrors: (v) => ({
      geburtsdatum: parseGermanDate(v.geburtsdatum) === undefined ? DATE_ERROR : undefined,
      eintrittsdatum: parseGermanDate(v.eintrittsdatum) === undefined ? DATE_ERROR : undefined,
    }),
    plausibility: { geburtsdatum: { date: 'birth' }, eintrittsdatum: { date: 'event' } },
    conflict: {
      record: person,
      toValues,
      reload: () => fetchRecord<WeiterePerson>('/api/Stammdaten/GetWeiterePerson', { id: person?.id ?? 0 }),
    },
    readOnly,
  });

  const title = readOnly ? 'Weitere Person' : person ? 'Weitere Person bearbeiten' : 'Weitere Person hinzufügen';
  const date = readOnly ? undefined : 'TT.MM.JJJJ';
  return (
    <FormDialog
      title={title}
      form={form}
      onSubmit={() => void form.submit((body) => saveWeiterePerson(body), { onSaved: dismiss })}
      onCancel={dismiss}
    >
      <Picker
        label="Anrede"
        id={form.idOf('anrede')}
        items={ANREDEN.map((value) => ({ key: value }))}
        selectedKey={form.values.anrede || null}
        onSelectionChange={(key) => form.set('anrede', key === null ? '' : String(key))}
        isDisabled={readOnly}
        placeholder="wählen"
        {...invalid(form.errors.anrede)}
      >
        {(item) => <Item key={item.key}>{item.key}</Item>}
      </Picker>
      <TextField label="Titel" width="100%" {...form.field('titel')} />
      <TextField label="Vorname" width="100%" {...form.field('vorname')} />
      <TextField label="Nachname" width="100%" isRequired={!readOnly} autoFocus {...form.field('nachname')} />
      <TextField
        label="Beziehung"
        width="100%"
        description={readOnly ? undefined : 'z. B. Ehepartnerin, Sohn'}
        {...form.field('beziehung')}
      />
      <TextField label="Telefon" type="tel" width="100%" {...form.field('telefon')} />
      <TextField label="E-Mail" type="email" width="100%" {...form.field('email')} />
      <TextField label="Geburtsdatum" width="100%" description={date} {...form.field('geburtsdatum')} />
      <TextField label="Eintritt" width="100%" description={date} {...form.field('eintrittsdatum')} />
      <Checkbox isSelected={form.values.mitglied} onChange={(v) => form.set('mitglied', v)} isReadOnly={readOnly}>
        KGV-Mitglied
      </Checkbox>
      <Checkbox isSelected={form.values.zeitung} onChange={(v) => form.set('zeitung', v)} isReadOnly={readOnly}>
        Darf in der Vereinszeitung genannt werden
      </Checkbox>
      <TextArea label="Notiz" {...form.field('notiz')} />
    </FormDialog>
  );
}

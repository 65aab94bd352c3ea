import {
  ActionButton,
  AlertDialog,
  Badge,
  Button,
  DialogContainer,
  Flex,
  Heading,
  Item,
  Picker,
  Text,
  TextArea,
  TextField,
  View,
} from '@adobe/react-spectrum';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MAIL_TEMPLATE_EDIT } from '../../../../src/modules/email/rights';
import {
  MAIL_TEMPLATE_TYPEN,
  type MailTemplate,
  type MailTemplateTyp,
  updateMailTemplateBody,
} from '../../../../src/modules/email/schema/mailTemplate';
import { useHasRight } from '../../api/common';
import { MAIL_TEMPLATE_URL, resetMailTemplate, updateMailTemplate, useMailTemplate } from '../../api/email';
import { saveWithToast } from '../../api/toast';
import { fetchRecord } from '../../api/versionConflict';
import { usePageTitle } from '../../app/usePageTitle';
import { useQueryParam } from '../../app/useQueryParam';
import { FormPage } from '../../components/formKit';
import { LoadFailed, Loading } from '../../components/LoadState';
import { MessageBanner } from '../../components/MessageBanner';
import { VerlaufPanel } from '../../components/VerlaufPanel';
import { useZodForm } from '../../lib/useZodForm';

/** The German names of the templates, in the picker. */
export const MAIL_TEMPLATE_LABEL: Readonly<Record<MailTemplateTyp, string>> = {
  Zahlungsvorschreibung: 'Zahlungsvorschreibung',
  Rechnung: 'Rechnung',
  Serienbrief: 'Serienbrief',
  PasswortVergessen: 'Passwort vergessen',
  Testmail: 'Testmail',
  Wasserrechnung: 'Wasserrechnung',
};

const TYP_OPTIONS = MAIL_TEMPLATE_TYPEN.map((key) => ({ key, label: MAIL_TEMPLATE_LABEL[key] }));

const isTyp = (value: string): value is MailTemplateTyp => (MAIL_TEMPLATE_TYPEN as readonly string[]).includes(value);

interface VorlageForm {
  betreff: string;
  text: string;
}

const LABELS: Readonly<Record<keyof VorlageForm, string>> = { betreff: 'Betreff', text: 'Text' };

const toForm = (template: MailTemplate | undefined): VorlageForm => ({
  betreff: template?.betreff ?? '',
  text: template?.text ?? '',
});

/** Spec §2 E-Mails: the text of each mail the club sends, with its placeholders. */
export default function MailVorlagenScreen() {
  usePageTitle('E-Mail-Vorlagen');
  const [param, setParam] = useQueryParam('typ');
  const typ: MailTemplateTyp = isTyp(param) ? param : 'Zahlungsvorschreibung';
  const { data, error, isLoading, mutate } = useMailTemplate(typ);
  const editRight = useHasRight(...MAIL_TEMPLATE_EDIT);
  // The open editor's "discard changes?" question, asked before another template is chosen.
  const discard = useRef<((proceed: () => void) => void) | null>(null);

  function choose(next: MailTemplateTyp) {
    if (next === typ) return;
    const go = () => setParam(next);
    if (discard.current) discard.current(go);
    else go();
  }

  return (
    <Flex direction="column" gap="size-300">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">E-Mails</Text>
        <Heading level={1} margin={0}>
          E-Mail-Vorlagen
        </Heading>
      </View>
      <Picker
        label="Vorlage"
        items={TYP_OPTIONS}
        selectedKey={typ}
        onSelectionChange={(key) => {
          if (key !== null && isTyp(String(key))) choose(String(key) as MailTemplateTyp);
        }}
        width="size-3600"
      >
        {(option) => <Item key={option.key}>{option.label}</Item>}
      </Picker>
      {editRight === false ? (
        <MessageBanner
          level="info"
          title="Nur ansehen"
          message="Sie können die E-Mail-Vorlagen ansehen, aber nicht ändern."
        />
      ) : null}
      {data && data.typ === typ ? (
        <VorlageEditor key={typ} template={data} canEdit={editRight === true} discard={discard} />
      ) : error && !isLoading ? (
        <LoadFailed title="Die Vorlage konnte nicht geladen werden." error={error} onRetry={() => void mutate()} />
      ) : (
        <Loading label="Die Vorlage wird geladen …" />
      )}
    </Flex>
  );
}

interface EditorProps {
  template: MailTemplate;
  canEdit: boolean;
  discard: { current: ((proceed: () => void) => void) | null };
}

type Cursor = { field: keyof VorlageForm; start: number; end: number };

function VorlageEditor({ template, canEdit, discard }: EditorProps) {
  const typ = template.typ;
  const saved = useMemo(() => toForm(template), [template]);
  // The template the form was filled from: its version goes with the save.
  const [base, setBase] = useState(template);
  const [askReset, setAskReset] = useState(false);
  const [showVerlauf, setShowVerlauf] = useState(false);
  const readOnly = !canEdit;
  const form = useZodForm(updateMailTemplateBody, {
    initial: saved,
    labels: LABELS,
    toBody: (values: VorlageForm, { version }) => ({
      typ,
      betreff: values.betreff,
      text: values.text,
      version: version ?? 0,
    }),
    conflict: {
      record: base,
      toValues: toForm,
      reload: () => fetchRecord<MailTemplate>(MAIL_TEMPLATE_URL, { mailTemplateTyp: typ }),
    },
    readOnly,
  });
  const values = form.values;
  discard.current = form.confirmDiscard;
  useEffect(
    () => () => {
      discard.current = null;
    },
    [discard],
  );

  // New data from the server replaces an untouched form; edits in progress win.
  const lastSaved = useRef(saved);
  useEffect(() => {
    if (JSON.stringify(lastSaved.current) === JSON.stringify(saved)) return;
    lastSaved.current = saved;
    if (!form.dirty) {
      form.reset(saved);
      setBase(template);
    }
  }, [saved, form, template]);

  // Where the cursor was when the field was left: a placeholder goes there.
  const cursor = useRef<Cursor | null>(null);
  function remember(field: keyof VorlageForm, target: EventTarget | null) {
    const input = target as HTMLInputElement | HTMLTextAreaElement | null;
    if (!input || typeof input.selectionStart !== 'number') return;
    cursor.current = { field, start: input.selectionStart, end: input.selectionEnd ?? input.selectionStart };
  }

  function insert(name: string) {
    const token = `{{${name}}}`;
    const at = cursor.current;
    if (!at) {
      form.set('text', `${values.text}${token}`);
      return;
    }
    const current = values[at.field];
    const start = Math.min(at.start, current.length);
    const end = Math.min(Math.max(at.end, start), current.length);
    form.set(at.field, `${current.slice(0, start)}${token}${current.slice(end)}`);
    cursor.current = { field: at.field, start: start + token.length, end: start + token.length };
  }

  function save() {
    void form.submit((body) => updateMailTemplate({ ...body, typ }), {
      success: 'Vorlage gespeichert.',
      onSaved: (result) => {
        form.reset(toForm(result ?? template));
        if (result) setBase(result);
      },
    });
  }

  async function reset() {
    try {
      const result = await saveWithToast(resetMailTemplate(typ), {
        success: 'Vorlage auf den Standard zurückgesetzt.',
      });
      form.reset(toForm(result));
      setBase(result);
    } catch {
      // The error toast tells.
    }
  }

  return (
    <Flex direction="column" gap="size-200">
      {base.standard ? (
        <View>
          <Badge variant="neutral">Standardvorlage</Badge>
        </View>
      ) : null}
      <Flex gap="size-400" wrap alignItems="start">
        <View flexGrow={1} flexBasis="size-6000" maxWidth="size-8000">
          <FormPage label={`Vorlage ${MAIL_TEMPLATE_LABEL[typ]}`} form={form} onSubmit={save}>
            <TextField
              label="Betreff"
              name="betreff"
              isRequired={!readOnly}
              onBlur={(event) => remember('betreff', event.target)}
              {...form.field('betreff')}
            />
            <TextArea
              label="Text"
              name="text"
              isRequired={!readOnly}
              height="size-4600"
              onBlur={(event) => remember('text', event.target)}
              {...form.field('text')}
            />
          </FormPage>
        </View>
        <View flexBasis="size-3600" flexGrow={0}>
          <Heading level={2} margin={0} marginBottom="size-100">
            Platzhalter
          </Heading>
          <Text>
            {readOnly
              ? 'Diese Platzhalter werden beim Versand ersetzt:'
              : 'Ein Klick fügt den Platzhalter an der Stelle des Cursors ein:'}
          </Text>
          <ul className="kgv-platzhalter" aria-label="Platzhalter" style={{ listStyle: 'none', padding: 0 }}>
            {template.platzhalter.map((p) => (
              <li key={p.name} style={{ marginBlock: 'var(--spectrum-global-dimension-size-100)' }}>
                {readOnly ? (
                  <code>{`{{${p.name}}}`}</code>
                ) : (
                  <ActionButton isQuiet onPress={() => insert(p.name)} aria-label={`{{${p.name}}} einfügen`}>
                    <code>{`{{${p.name}}}`}</code>
                  </ActionButton>
                )}
                <div>{p.beschreibung}</div>
              </li>
            ))}
          </ul>
        </View>
      </Flex>
      <Flex gap="size-100" wrap>
        {canEdit && !base.standard ? (
          <Button variant="negative" style="outline" onPress={() => setAskReset(true)} isDisabled={form.saving}>
            Auf Standard zurücksetzen
          </Button>
        ) : null}
        <Button variant="secondary" style="outline" onPress={() => setShowVerlauf((shown) => !shown)}>
          {showVerlauf ? 'Verlauf ausblenden' : 'Verlauf'}
        </Button>
      </Flex>
      {showVerlauf ? <VerlaufPanel entityType="MailTemplate" entityId={typ} /> : null}
      <DialogContainer onDismiss={() => setAskReset(false)}>
        {askReset ? (
          <AlertDialog
            title={`Vorlage „${MAIL_TEMPLATE_LABEL[typ]}“ zurücksetzen?`}
            variant="destructive"
            primaryActionLabel="Auf Standard zurücksetzen"
            cancelLabel="Abbrechen"
            autoFocusButton="cancel"
            onPrimaryAction={() => void reset()}
          >
            Betreff und Text werden durch die Standardvorlage ersetzt. Der bisherige Text bleibt im Verlauf.
          </AlertDialog>
        ) : null}
      </DialogContainer>
    </Flex>
  );
}

import {
  ActionButton,
  Content,
  Disclosure,
  DisclosurePanel,
  DisclosureTitle,
  Flex,
  Heading,
  IllustratedMessage,
  ProgressCircle,
  Text,
  View,
} from '@adobe/react-spectrum';
import { useState } from 'react';
import { formatGermanDate } from '../../../src/platform/dates';
import { describeError } from '../api/errors';
import { type HistoryEntry, useHistory } from '../api/stammdaten/history';
import { MessageBanner } from './MessageBanner';

/** German names of the fields the server records; unknown fields show their own name. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  nummer: 'Nummer',
  flaeche: 'Fläche',
  gemeinschaftsflaeche: 'Gemeinschaftsfläche',
  anzahlParkkarten: 'Parkkarten',
  flags: 'Zuschläge',
  wasserzaehlerNummer: 'Wasserzähler-Nummer',
  hauptwasserzaehlerId: 'Hauptwasserzähler',
  hauptwasserzaehlerNummer: 'Hauptwasserzähler',
  gruppeId: 'Gruppe',
  gruppeName: 'Gruppe',
  aktiv: 'Aktiv',
  notiz: 'Notiz',
  name: 'Name',
  beschreibung: 'Beschreibung',
  nutzungsberechtigter: 'Nutzungsberechtigter',
  pachtabrechnungId: 'Jahr',
  vorname: 'Vorname',
  nachname: 'Nachname',
  strasse: 'Straße',
  plz: 'PLZ',
  ort: 'Ort',
  telefon: 'Telefon',
  email: 'E-Mail',
  von: 'von',
  bis: 'bis',
  parzelle: 'Parzelle',
  abstellplatz: 'Abstellplatz',
  weiterePerson: 'Weitere Person',
};

/** German words for the server's actions besides create/update/delete; unknown ones show as sent. */
export const ACTION_LABELS: Readonly<Record<string, string>> = {
  update: 'geändert',
  gartenwechsel: 'Gartenwechsel',
  neuzuordnung: 'Neuzuordnung',
  wechsel: 'Zählerwechsel',
  'zuordnung-update': 'Zuordnung geändert',
  'zuordnung-delete': 'Zuordnung gelöscht',
  'file-upload': 'Datei hochgeladen',
  'file-delete': 'Datei gelöscht',
  'person-create': 'Weitere Person angelegt',
  'person-update': 'Weitere Person geändert',
  'person-delete': 'Weitere Person gelöscht',
  import: 'importiert',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** "15.01.2025 14:03" in local time; the raw text when it is no timestamp. */
export function formatTimestamp(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if (typeof value === 'string') {
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatGermanDate(value) : value;
  }
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

const labelOf = (field: string, labels: Readonly<Record<string, string>>) => labels[field] ?? field;

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** The fields an entry names: the changed ones, or all recorded fields of a create or delete. */
function fieldsOf(entry: HistoryEntry): string[] {
  if (entry.changed.length > 0) return entry.changed;
  const keys = new Set([...Object.keys(asRecord(entry.before)), ...Object.keys(asRecord(entry.after))]);
  return [...keys].filter((key) => key !== 'id');
}

/** "geändert: Fläche, Gruppe", "angelegt", "gelöscht". */
export function summaryOf(entry: HistoryEntry, labels: Readonly<Record<string, string>> = FIELD_LABELS): string {
  if (entry.action === 'create') return 'angelegt';
  if (entry.action === 'delete') return 'gelöscht';
  const names = [...new Set(entry.changed.map((field) => labelOf(field, labels)))];
  const verb = ACTION_LABELS[entry.action] ?? entry.action;
  // "Weitere Person angelegt", not "Weitere Person angelegt: Weitere Person".
  if (names.length === 1 && verb.startsWith(names[0]!)) return verb;
  return names.length > 0 ? `${verb}: ${names.join(', ')}` : verb;
}

function EntryRow({ entry, labels }: { entry: HistoryEntry; labels: Readonly<Record<string, string>> }) {
  const [open, setOpen] = useState(false);
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  const fields = fieldsOf(entry);
  const line = `${formatTimestamp(entry.at)} · ${entry.userName || 'unbekannt'} · ${summaryOf(entry, labels)}`;
  return (
    <li className="kgv-verlauf-entry">
      <Flex alignItems="center" gap="size-100" wrap>
        <Text>{line}</Text>
        {fields.length > 0 ? (
          <ActionButton isQuiet aria-expanded={open} onPress={() => setOpen(!open)}>
            {open ? 'Details ausblenden' : 'Details anzeigen'}
          </ActionButton>
        ) : null}
      </Flex>
      {open ? (
        <table className="kgv-verlauf-details">
          <thead>
            <tr>
              <th scope="col">Feld</th>
              <th scope="col">vorher</th>
              <th scope="col">nachher</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => (
              <tr key={field}>
                <th scope="row">{labelOf(field, labels)}</th>
                <td>{formatValue(before[field])}</td>
                <td>{formatValue(after[field])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </li>
  );
}

export interface VerlaufPanelProps {
  /** History type, e.g. "Parzelle", "Adresse", "Gruppe". */
  entityType: string;
  entityId: number | string;
  /** Field names → German labels (defaults to {@link FIELD_LABELS}). */
  fieldLabels?: Readonly<Record<string, string>>;
}

/** Who changed what of one record (GET Common/GetHistory), newest first, each expandable to before/after. */
export function VerlaufPanel({ entityType, entityId, fieldLabels = FIELD_LABELS }: VerlaufPanelProps) {
  const { data, error, isLoading } = useHistory(entityType, entityId);
  if (error && !data) {
    return (
      <MessageBanner level="danger" title="Der Verlauf konnte nicht geladen werden." message={describeError(error)} />
    );
  }
  if (!data || isLoading) {
    return (
      <Flex justifyContent="center" marginTop="size-200">
        <ProgressCircle aria-label="Der Verlauf wird geladen …" isIndeterminate size="S" />
      </Flex>
    );
  }
  if (data.length === 0) {
    return (
      <IllustratedMessage>
        <Heading>Noch keine Änderungen</Heading>
        <Content>Sobald jemand diesen Eintrag ändert, steht hier wer, wann und was.</Content>
      </IllustratedMessage>
    );
  }
  // The server answers newest first; sorting again keeps that promise for any answer.
  const entries = [...data].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
  return (
    <View>
      <ul aria-label="Verlauf" className="kgv-verlauf" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {entries.map((entry) => (
          <EntryRow key={entry.id} entry={entry} labels={fieldLabels} />
        ))}
      </ul>
    </View>
  );
}

/** A record's Verlauf as a closed section of its dialog, loaded once opened; nothing for a new record. */
export function VerlaufDisclosure({
  entityType,
  entityId,
  fieldLabels,
}: Omit<VerlaufPanelProps, 'entityId'> & {
  entityId: number | undefined;
}) {
  const [open, setOpen] = useState(false);
  if (entityId === undefined) return null;
  return (
    <Disclosure isQuiet isExpanded={open} onExpandedChange={setOpen}>
      <DisclosureTitle level={3}>Verlauf</DisclosureTitle>
      <DisclosurePanel>
        {open ? <VerlaufPanel entityType={entityType} entityId={entityId} fieldLabels={fieldLabels} /> : null}
      </DisclosurePanel>
    </Disclosure>
  );
}

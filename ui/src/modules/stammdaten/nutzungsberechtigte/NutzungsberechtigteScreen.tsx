import { StatusLight } from '@adobe/react-spectrum';
import { useLocation, useSearch } from 'wouter';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { useHasRight } from '../../../api/common';
import {
  ADRESSE_FLAGS,
  type Adresse,
  type AdressenFilter,
  type MitgliedFilter,
  useAdressen,
} from '../../../api/stammdaten/adressen';
import { usePageTitle } from '../../../app/usePageTitle';
import { type FilterOption, FilterPicker, filterText, useFilterParam } from '../../../components/filterKit';
import { type ListColumn, ListScreen } from '../../../components/listKit';
import { AdressenDownloads } from './AdressenDownloads';
import { AdresseRecord } from './AdresseRecord';

export const PATH = '/stammdatenverwalten/nutzungsberechtigte';

const FILTER_OPTIONS: readonly FilterOption<AdressenFilter>[] = [
  { key: 'aktiv', label: 'Aktiv' },
  { key: 'ehemalig', label: 'Ehemalig' },
  { key: 'alle', label: 'Alle' },
];
const MITGLIED_OPTIONS: readonly FilterOption<MitgliedFilter>[] = [
  { key: 'alle', label: 'Alle' },
  { key: 'ja', label: 'Ja' },
  { key: 'nein', label: 'Nein' },
];

const isMitglied = (row: Adresse) => (row.flags & ADRESSE_FLAGS.kgvMitglied) !== 0;
const parzellenText = (row: Adresse) => row.parzellen.map((p) => p.nummer).join(', ');
const plzOrt = (row: Adresse) => [row.plz, row.ort].filter(Boolean).join(' ');
const telefon = (row: Adresse) => row.telefon || row.mobil;

/** What the search looks in: names, address, phone numbers, e-mail and plot numbers. */
function searchText(row: Adresse): string {
  return [row.name, row.vorname, row.nachname, row.strasse, plzOrt(row), row.telefon, row.mobil, row.email]
    .concat(row.parzellen.map((p) => p.nummer))
    .join('\n');
}

// minWidth: below it the table scrolls sideways rather than cutting a date or a name (125 % zoom).
// At 1366 px the first six columns fit beside the sidebar: who, which plot, member since when, how
// to reach them; the postal address follows behind the sideways scrollbar.
const COLUMNS: readonly ListColumn<Adresse>[] = [
  { key: 'name', name: 'Name', minWidth: 200, rowHeader: true, sortValue: (r) => r.name, text: (r) => r.name },
  { key: 'parzellen', name: 'Parzellen', minWidth: 100, sortValue: parzellenText, text: parzellenText },
  {
    key: 'mitglied',
    name: 'Mitglied',
    minWidth: 140,
    sortValue: isMitglied,
    text: (r) => (isMitglied(r) ? 'Mitglied' : 'kein Mitglied'),
    render: (r) => (
      <StatusLight variant={isMitglied(r) ? 'positive' : 'neutral'}>
        {isMitglied(r) ? 'Mitglied' : 'kein Mitglied'}
      </StatusLight>
    ),
    export: { typ: 'text', value: (r) => (isMitglied(r) ? 'ja' : 'nein') },
  },
  {
    key: 'eintritt',
    name: 'Eintritt',
    minWidth: 110,
    sortValue: (r) => r.eintrittsdatum,
    text: (r) => formatGermanDate(r.eintrittsdatum),
    export: { typ: 'datum', value: (r) => r.eintrittsdatum },
  },
  { key: 'telefon', name: 'Telefon', minWidth: 140, sortValue: telefon, text: telefon },
  { key: 'email', name: 'E-Mail', minWidth: 200, sortValue: (r) => r.email, text: (r) => r.email },
  { key: 'strasse', name: 'Straße', minWidth: 180, sortValue: (r) => r.strasse, text: (r) => r.strasse },
  { key: 'plzOrt', name: 'PLZ Ort', minWidth: 150, sortValue: plzOrt, text: plzOrt },
];

/** Spec §2 Stammdaten: the addresses (Nutzungsberechtigte); ?id=… (or ?id=neu) opens one record. */
export default function NutzungsberechtigteScreen() {
  usePageTitle('Nutzungsberechtigte');
  const search = useSearch();
  const id = new URLSearchParams(search).get('id');
  if (id) return <AdresseRecord key={id} idParam={id} />;
  return <AdressenList />;
}

function AdressenList() {
  const [, navigate] = useLocation();
  const canEdit = useHasRight('WebApp.Stammdaten.Edit') === true;
  // ?filter=ehemalig|alle (default aktiv) and ?mitglied=ja|nein: the server filters; ?suche=… the list.
  const [filter, setFilter] = useFilterParam('filter', FILTER_OPTIONS, 'aktiv');
  const [mitglied, setMitglied] = useFilterParam('mitglied', MITGLIED_OPTIONS, 'alle');
  const query = useAdressen({ filter, mitglied });

  function open(id: number | 'neu') {
    const params = new URLSearchParams(window.location.search);
    params.set('id', String(id));
    navigate(`${PATH}?${params.toString()}`);
  }

  return (
    <ListScreen
      eyebrow="Stammdaten"
      title="Nutzungsberechtigte"
      noun={['Adresse', 'Adressen']}
      query={query}
      canEdit={canEdit}
      onNew={() => open('neu')}
      newLabel="Neue Adresse"
      empty={{
        title: 'Noch keine Adressen',
        text: 'Legen Sie mit „Neue Adresse“ die erste an oder importieren Sie sie aus Excel.',
        textReadOnly: 'Es wurden noch keine Adressen angelegt.',
      }}
      columns={COLUMNS}
      defaultSort={{ column: 'name', direction: 'ascending' }}
      searchText={searchText}
      searchParam="suche"
      searchDescription="Name, Adresse, Telefon, E-Mail oder Parzelle"
      filters={
        <>
          <FilterPicker label="Status" options={FILTER_OPTIONS} value={filter} onChange={setFilter} />
          <FilterPicker label="Mitglied" options={MITGLIED_OPTIONS} value={mitglied} onChange={setMitglied} />
        </>
      }
      // The server always filters by status: an empty answer is "none with this status", never "none yet".
      filtered
      filterText={[
        filterText('Status', FILTER_OPTIONS, filter),
        filterText('Mitglied', MITGLIED_OPTIONS, mitglied, 'alle'),
      ]}
      filterEmpty={
        canEdit
          ? 'Mit diesen Filtern gibt es keine Adressen — legen Sie mit „Neue Adresse“ eine an oder wählen Sie beim Status „Alle“.'
          : 'Mit diesen Filtern gibt es keine Adressen — wählen Sie beim Status „Alle“.'
      }
      onOpen={(row) => open(row.id)}
      toolbar={<AdressenDownloads />}
      height="60vh"
    />
  );
}

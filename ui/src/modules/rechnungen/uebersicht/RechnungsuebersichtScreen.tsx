import { Button, DialogContainer, Flex, Heading, Text, View } from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import Money from '@spectrum-icons/workflow/Money';
import Print from '@spectrum-icons/workflow/Print';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useHasRight } from '../../../api/common';
import {
  exportUebersicht,
  type Rechnung,
  rechnungenDrucken,
  useParzellenLookup,
  useRechnungsuebersicht,
  zahlscheineDrucken,
} from '../../../api/rechnungen';
import { useAdressenLookup } from '../../../api/stammdaten/parzellen';
import { showErrorToast } from '../../../api/toast';
import { usePageTitle } from '../../../app/usePageTitle';
import { useQueryParam } from '../../../app/useQueryParam';
import { ExportMenu } from '../../../components/ExportMenu';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { Geld } from '../../kassa/Geld';
import { AlleBezahltDialog } from './AlleBezahltDialog';
import { FilterLeiste, StatusChips } from './FilterLeiste';
import { RechnungDetailDialog } from './RechnungDetailDialog';
import { RechnungDialog } from './RechnungDialog';
import { RechnungenTabelle } from './RechnungenTabelle';
import { FILTER_PARAMS, sortOf, useUebersichtFilter } from './uebersichtFilter';
import './uebersicht.css';

/**
 * Spec §2 /rechnungen/rechnungsuebersicht: the Kassier's "who has paid, who has not". The filtered
 * receivables with status chips, the sums of amount, paid and open, PDF/Excel of the list, the
 * invoices and slips of the chosen ones, and per receivable its detail with payments, reminders,
 * instalments and history (?rechnung=<id> opens it, so other screens can link to a receivable).
 */
export default function RechnungsuebersichtScreen() {
  usePageTitle('Rechnungsübersicht');
  const canEdit = useHasRight('WebApp.Rechnungspruefung.Edit') === true;
  const kassaEdit = useHasRight('WebApp.Kassa.Edit') === true;
  const stammdaten = useHasRight('WebApp.Stammdaten.View', 'WebApp.Stammdaten.Edit') === true;
  const { anfrage, anzahl } = useUebersichtFilter();
  const sort = sortOf(anfrage);
  const [location, navigate] = useLocation();
  const liste = useRechnungsuebersicht(anfrage);
  const parzellen = useParzellenLookup();
  const adressen = useAdressenLookup(stammdaten);
  const [detail, setDetail] = useQueryParam('rechnung');
  const [neu, setNeu] = useState(false);
  // The receivables the dialog books, fixed when it opens (the list refreshes behind it).
  const [barBezahlt, setBarBezahlt] = useState<Rechnung[] | null>(null);
  const [auswahl, setAuswahl] = useState<Set<number>>(new Set());

  const antwort = liste.data;
  const zeilen = antwort?.zeilen ?? [];
  // Only the chosen receivables the list still shows count (a filter may have hidden some).
  const gewaehlt = zeilen.filter((r) => auswahl.has(r.id));
  const detailId = /^\d+$/.test(detail) ? Number(detail) : null;

  function setParams(patch: Record<string, string>) {
    const params = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(patch)) {
      if (value) params.set(key, value);
      else params.delete(key);
    }
    const query = params.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  }

  function sortieren(spalte: typeof sort.spalte) {
    const fallend = spalte === sort.spalte ? !sort.fallend : false;
    setParams({ sortierung: spalte === 'nummer' ? '' : spalte, fallend: fallend ? '1' : '' });
  }

  function filterZuruecksetzen() {
    setParams(Object.fromEntries(FILTER_PARAMS.map((p) => [p, ''])));
  }

  function drucken(art: 'rechnungen' | 'zahlscheine') {
    const ids = gewaehlt.map((r) => r.id);
    const name = ids.length === 1 ? `${gewaehlt[0]?.nummer}` : `${ids.length} Rechnungen`;
    const run =
      art === 'rechnungen'
        ? rechnungenDrucken(ids, ids.length === 1 ? `Rechnung ${name}` : name)
        : zahlscheineDrucken(
            gewaehlt.filter((r) => r.offenCent > 0).map((r) => r.id),
            `Zahlscheine ${name}`,
          );
    run.catch(showErrorToast);
  }

  const offene = gewaehlt.filter((r) => r.offenCent > 0);
  const offeneGewaehlt = offene.length;

  return (
    <Flex direction="column" gap="size-200">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">Rechnungen</Text>
        <Heading level={1} margin={0}>
          Rechnungsübersicht
        </Heading>
      </View>
      <Flex gap="size-200" alignItems="center" wrap>
        <StatusChips jeStatus={antwort?.jeStatus} />
        {anzahl > 0 ? (
          <Button variant="secondary" style="outline" onPress={filterZuruecksetzen}>
            Filter zurücksetzen
          </Button>
        ) : null}
        <Flex gap="size-100" marginStart="auto" alignItems="center" wrap>
          <ExportMenu isDisabled={!antwort} onExport={(format) => exportUebersicht(format, anfrage)} />
          <Button variant="secondary" isDisabled={gewaehlt.length === 0} onPress={() => drucken('rechnungen')}>
            <Print />
            <Text>{gewaehlt.length ? `Rechnungen drucken (${gewaehlt.length})` : 'Rechnungen drucken'}</Text>
          </Button>
          <Button variant="secondary" isDisabled={offeneGewaehlt === 0} onPress={() => drucken('zahlscheine')}>
            <Print />
            <Text>{offeneGewaehlt ? `Zahlscheine (${offeneGewaehlt})` : 'Zahlscheine'}</Text>
          </Button>
          {canEdit && kassaEdit ? (
            <Button variant="secondary" isDisabled={offeneGewaehlt === 0} onPress={() => setBarBezahlt(offene)}>
              <Money />
              <Text>{offeneGewaehlt ? `Als bezahlt buchen (${offeneGewaehlt})` : 'Als bezahlt buchen'}</Text>
            </Button>
          ) : null}
          {canEdit ? (
            <Button variant="accent" onPress={() => setNeu(true)}>
              <Add />
              <Text>Neue Rechnung</Text>
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <FilterLeiste parzellen={parzellen.data} adressen={stammdaten ? adressen.data : undefined} />
      {antwort ? (
        <>
          {zeilen.length === 0 ? (
            <Text>
              {anzahl > 0
                ? 'Keine Rechnung passt zu diesen Filtern. „Filter zurücksetzen“ zeigt wieder alle offenen Rechnungen.'
                : `Keine offenen Rechnungen. Bezahlte zeigt der Knopf „bezahlt“ oben; Forderungen entstehen mit der Zahlungsvorschreibung, den Wasser- und Gruppenrechnungen${canEdit ? ' oder hier mit „Neue Rechnung“' : ' oder als Rechnung von Hand'}.`}
            </Text>
          ) : (
            <RechnungenTabelle
              zeilen={zeilen}
              sort={sort}
              onSort={sortieren}
              ausgewaehlt={auswahl}
              onAuswahl={setAuswahl}
              onOeffnen={(r: Rechnung) => setDetail(String(r.id))}
            />
          )}
          <dl className="kgv-ru-summen" aria-label="Summen der gezeigten Rechnungen">
            <div>
              <dt>Anzahl</dt>
              <dd>{antwort.summen.anzahl === 1 ? '1 Rechnung' : `${antwort.summen.anzahl} Rechnungen`}</dd>
            </div>
            <div>
              <dt>Betrag</dt>
              <dd>
                <Geld cent={antwort.summen.betragCent} />
              </dd>
            </div>
            <div>
              <dt>Bezahlt</dt>
              <dd>
                <Geld cent={antwort.summen.bezahltCent} />
              </dd>
            </div>
            <div>
              <dt>Offen</dt>
              <dd>
                <Geld cent={antwort.summen.offenCent} />
              </dd>
            </div>
            <div>
              <dt>davon überfällig</dt>
              <dd>
                <Geld cent={antwort.summen.ueberfaelligCent} />
              </dd>
            </div>
          </dl>
        </>
      ) : liste.error && !liste.isLoading ? (
        <LoadFailed
          title="Die Rechnungen konnten nicht geladen werden."
          error={liste.error}
          onRetry={() => void liste.mutate()}
        />
      ) : (
        <Loading label="Rechnungen werden geladen …" />
      )}
      <DialogContainer onDismiss={() => setDetail('')}>
        {detailId !== null ? <RechnungDetailDialog id={detailId} canEdit={canEdit} kassaEdit={kassaEdit} /> : null}
      </DialogContainer>
      <DialogContainer onDismiss={() => setNeu(false)}>
        {neu ? <RechnungDialog onSaved={(r) => setDetail(String(r.id))} /> : null}
      </DialogContainer>
      <DialogContainer onDismiss={() => setBarBezahlt(null)}>
        {barBezahlt ? <AlleBezahltDialog rechnungen={barBezahlt} onGebucht={() => setAuswahl(new Set())} /> : null}
      </DialogContainer>
    </Flex>
  );
}

import { Button, Disclosure, DisclosurePanel, DisclosureTitle, Flex, Heading, Text, View } from '@adobe/react-spectrum';
import Checkmark from '@spectrum-icons/workflow/Checkmark';
import Delete from '@spectrum-icons/workflow/Delete';
import Import from '@spectrum-icons/workflow/Import';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useHasRight } from '../../../api/common';
import { useBuchungskontenLookup, useKonten, useKostenstellenLookup } from '../../../api/kassa';
import { saveWithToast, showErrorToast } from '../../../api/toast';
import { usePageTitle } from '../../../app/usePageTitle';
import { ExportMenu } from '../../../components/ExportMenu';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { MessageBanner } from '../../../components/MessageBanner';
import { BankImportDialog } from '../bankimport/BankImportDialog';
import { Geld } from '../Geld';
import {
  GeschlossenBanner,
  KASSAABRECHNUNG_PARAM,
  KassaabrechnungPicker,
  KeinKassajahr,
  useSelectedKassaabrechnung,
} from '../KassaabrechnungPicker';
import { buchungen, type KassabuchDialog, KassabuchDialoge } from './KassabuchDialoge';
import { HauptFilter, StatusPicker, useKassabuchFilter, WeitereFilter } from './KassabuchFilter';
import { KassabuchTabelle, type ZeilenAktion } from './KassabuchTabelle';
import { belegeHochladen, deleteGefiltert, type Eintrag, exportKassabuch, useKassabuch } from './kassabuchApi';
import { SchnellErfassung } from './SchnellErfassung';
import './kassabuch.css';

/**
 * Spec §2 /kassa/kassabuch: the cash book of a period. Fast entry on top (Enter books and opens
 * the next row), the filtered entries with each account's running balance, the filtered sums, and
 * the Kassier's tools: receipts, Storno, Eigenbeleg, check, delete, export.
 */
export default function KassabuchScreen() {
  usePageTitle('Kassabuch');
  const canEdit = useHasRight('WebApp.Kassa.Edit') === true;
  const periode = useSelectedKassaabrechnung();
  const { kassaabrechnungId, kassaabrechnung } = periode;
  const { filter: urlFilter, anzahl: anzahlFilter } = useKassabuchFilter();
  const [location, navigate] = useLocation();
  const filter = kassaabrechnungId === undefined ? null : { kassaabrechnungID: kassaabrechnungId, ...urlFilter };
  const buch = useKassabuch(filter);
  const konten = useKonten();
  const buchungskonten = useBuchungskontenLookup(kassaabrechnungId);
  const kostenstellen = useKostenstellenLookup(kassaabrechnungId);
  const [dialog, setDialog] = useState<KassabuchDialog>(null);
  const [importOffen, setImportOffen] = useState(false);
  const geschlossen = kassaabrechnung?.geschlossen === true;
  const name = kassaabrechnung?.name ?? '';

  function filterZuruecksetzen() {
    const params = new URLSearchParams(window.location.search);
    const periodeParam = params.get(KASSAABRECHNUNG_PARAM);
    navigate(periodeParam ? `${location}?${KASSAABRECHNUNG_PARAM}=${periodeParam}` : location, { replace: true });
  }

  async function gefilterteLoeschen() {
    if (!filter) return;
    try {
      const probe = await deleteGefiltert(filter, true);
      setDialog({ art: 'loeschen', ...probe });
    } catch (error) {
      showErrorToast(error);
    }
  }

  function onAktion(eintrag: Eintrag, aktion: ZeilenAktion) {
    if (aktion === 'bearbeiten') setDialog({ art: 'eintrag', eintrag });
    else if (aktion === 'storno') setDialog({ art: 'storno', eintrag });
  }

  function onBelege(eintrag: Eintrag, files: File[]) {
    void saveWithToast(() => belegeHochladen(eintrag.id, files), {
      success: `${files.length === 1 ? '1 Beleg' : `${files.length} Belege`} an Beleg-Nr. ${eintrag.belegnummer} angehängt.`,
    }).catch(() => undefined);
  }

  const header = (
    <View>
      <Text UNSAFE_className="kgv-eyebrow">Kassa</Text>
      <Heading level={1} margin={0}>
        Kassabuch
      </Heading>
    </View>
  );

  if (periode.loaded && kassaabrechnungId === undefined) {
    return (
      <Flex direction="column" gap="size-200">
        {header}
        <KeinKassajahr dann="dann kann hier gebucht werden." />
      </Flex>
    );
  }

  const lookupsDa = konten.data && buchungskonten.data && kostenstellen.data;
  const antwort = buch.data;
  const filterAktiv = anzahlFilter > 0;

  return (
    <Flex direction="column" gap="size-200">
      {header}
      <Flex gap="size-200" alignItems="end" wrap>
        <KassaabrechnungPicker />
        <StatusPicker />
        <HauptFilter konten={konten.data ?? []} />
        {filterAktiv ? (
          <Button variant="secondary" style="outline" onPress={filterZuruecksetzen}>
            Filter zurücksetzen
          </Button>
        ) : null}
        <Flex gap="size-100" marginStart="auto" alignItems="center" wrap>
          <ExportMenu
            isDisabled={!filter}
            onExport={(format) => (filter ? exportKassabuch(format, filter, name) : Promise.resolve())}
          />
          {canEdit ? (
            <Button variant="secondary" onPress={() => setImportOffen(true)}>
              <Import />
              <Text>Kontoauszug importieren</Text>
            </Button>
          ) : null}
          {canEdit && !geschlossen ? (
            <>
              <Button
                variant="secondary"
                isDisabled={!antwort || antwort.summe.anzahl === 0}
                onPress={() => antwort && setDialog({ art: 'pruefen', anzahl: antwort.summe.anzahl })}
              >
                <Checkmark />
                <Text>Geprüft markieren</Text>
              </Button>
              <Button
                variant="negative"
                style="outline"
                isDisabled={!antwort || antwort.summe.anzahl === 0}
                onPress={() => void gefilterteLoeschen()}
              >
                <Delete />
                <Text>Gefilterte löschen</Text>
              </Button>
            </>
          ) : null}
        </Flex>
      </Flex>
      <Disclosure isQuiet defaultExpanded={anzahlFilter > 0}>
        <DisclosureTitle level={2}>Weitere Filter</DisclosureTitle>
        <DisclosurePanel>
          <WeitereFilter buchungskonten={buchungskonten.data ?? []} kostenstellen={kostenstellen.data ?? []} />
        </DisclosurePanel>
      </Disclosure>
      <GeschlossenBanner
        kassaabrechnung={kassaabrechnung}
        message="In einer abgeschlossenen Kassaabrechnung kann nicht mehr gebucht, geändert oder gelöscht werden. Eine Korrektur ist ein Storno: die Gegenbuchung kommt mit heutigem Datum ins laufende Kassajahr."
      />
      {urlFilter.entryID !== undefined ? (
        <MessageBanner
          level="info"
          title="Eine Buchung gezeigt"
          message="Es wird nur die gesuchte Buchung gezeigt. „Filter zurücksetzen“ zeigt wieder das ganze Kassajahr."
        />
      ) : null}
      {canEdit && !geschlossen && kassaabrechnung && lookupsDa ? (
        <SchnellErfassung
          key={kassaabrechnung.id}
          von={kassaabrechnung.von}
          bis={kassaabrechnung.bis}
          konten={konten.data ?? []}
          buchungskonten={buchungskonten.data ?? []}
          kostenstellen={kostenstellen.data ?? []}
        />
      ) : null}
      {antwort ? (
        <>
          {antwort.eintraege.length === 0 ? (
            <Text>
              {filterAktiv
                ? 'Keine Buchung passt zu diesen Filtern.'
                : canEdit && !geschlossen
                  ? 'Noch keine Buchungen in dieser Kassaabrechnung. Tippen Sie die erste oben ein: Datum, Betrag, Konto, Buchungskonto, Text und Enter.'
                  : 'Keine Buchungen in dieser Kassaabrechnung.'}
            </Text>
          ) : (
            <KassabuchTabelle
              eintraege={antwort.eintraege}
              canEdit={canEdit}
              geschlossen={geschlossen}
              onAktion={onAktion}
              onBelege={onBelege}
            />
          )}
          <dl className="kgv-kb-summen" aria-label={filterAktiv ? 'Summen der gefilterten Buchungen' : 'Summen'}>
            <div>
              <dt>Einnahmen</dt>
              <dd>
                <Geld cent={antwort.summe.einnahmenCent} />
              </dd>
            </div>
            <div>
              <dt>Ausgaben</dt>
              <dd>
                <Geld cent={-antwort.summe.ausgabenCent} />
              </dd>
            </div>
            <div>
              <dt>Saldo</dt>
              <dd>
                <Geld cent={antwort.summe.saldoCent} />
              </dd>
            </div>
            <div>
              <dt>Anzahl</dt>
              <dd>{buchungen(antwort.summe.anzahl)}</dd>
            </div>
          </dl>
          {canEdit && antwort.eintraege.length ? (
            <Text UNSAFE_className="kgv-kb-leise">
              Belege: Datei auf eine Zeile ziehen oder über die Büroklammer anhängen (PDF, JPEG, PNG).
            </Text>
          ) : null}
        </>
      ) : buch.error && !buch.isLoading ? (
        <LoadFailed
          title="Das Kassabuch konnte nicht geladen werden."
          error={buch.error}
          onRetry={() => void buch.mutate()}
        />
      ) : (
        <Loading label="Kassabuch wird geladen …" />
      )}
      <BankImportDialog
        isOpen={importOffen}
        onClose={() => setImportOffen(false)}
        // The new entries are on "offen/zu klären": the book reloads (the import revalidates it).
        onImported={() => void buch.mutate()}
        kontoId={konten.data?.find((k) => k.id === urlFilter.SelectedKonto && k.art === 'bank')?.id}
      />
      <KassabuchDialoge
        dialog={dialog}
        onClose={() => setDialog(null)}
        filter={filter}
        filterAktiv={filterAktiv}
        name={name}
        konten={konten.data ?? []}
        buchungskonten={buchungskonten.data ?? []}
        kostenstellen={kostenstellen.data ?? []}
        readOnly={!canEdit || geschlossen}
      />
    </Flex>
  );
}

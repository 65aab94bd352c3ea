import { Flex, Heading, Text, View } from '@adobe/react-spectrum';
import { type ReactNode, useEffect, useRef } from 'react';
import type { Right } from '../../../../../src/platform/auth/rights';
import { todayIso } from '../../../../../src/platform/dates';
import { type LaufArt, type LaufParameter, useLaufVorschau } from '../../../api/abrechnung';
import { useHasRight } from '../../../api/common';
import { usePageTitle } from '../../../app/usePageTitle';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { useSelectedYear } from '../../../components/YearPicker';
import { LaufSchritte } from './LaufSchritte';
import { SchrittBuchen } from './SchrittBuchen';
import { SchrittDrucken } from './SchrittDrucken';
import { SchrittEmail } from './SchrittEmail';
import { SchrittJahr } from './SchrittJahr';
import { SchrittPruefen } from './SchrittPruefen';
import { SchrittVorschau } from './SchrittVorschau';
import { type SchrittNr, useLaufUrl } from './useLaufUrl';
import './lauf.css';

/**
 * The guided billing run every run screen shares (UI.md "Run screen"; issue 14):
 * 1 Jahr und Datum → 2 Prüfen → 3 Vorschau → 4 Buchen → 5 Drucken → 6 E-Mail-Versand.
 * Nothing is booked before the confirm dialog of step 4; a booked run opens at step 5.
 * The step and the inputs live in the URL (?schritt=&jahr=&datum=&interim=&teilen=&stichtag=&sortBy=).
 *
 * Props:
 * - `art`: the run kind (LaufVorschau/LaufEinbuchen/LaufBriefe `art`).
 * - `titel`: the screen's name in the heading and the browser tab („Gruppenrechnungen“); messages
 *   use the server's singular titel („Gruppenrechnung 2026“), which also names the files.
 * - `optionen`: which run options step 1 offers: `interimBilling` (Gartenwechsel im Jahr anteilig)
 *   and `rechnungenTeilen` (one receivable per booking account); none by default.
 * - `sortierung`: step 5 offers the print order (Common/ZvSortBy).
 * - `schluesselFeld`: a run with a key beside the year (Wasserrechnung: the settlement) renders
 *   its picker in step 1; the run waits until a value is chosen (sent as `stichtag`).
 * - `emailZiel`: the mail dispatch screen step 6 links to („/emails/zahlungsvorschreibung“).
 * - `zusatz`: more downloads beside the letters in steps 3 and 5 (the ZV's Excel list), given the
 *   run's parameters.
 * - `adressen`: only these addresses' letters in preview and print (Weitere Mitgliedschaften'
 *   address filter, rendered by the screen above the run); booking books the whole run.
 * - `filterFeld`: a field step 1 shows after the date (Weitere Mitgliedschaften' address filter).
 * - `editRechte`: rights that may book besides WebApp.Abrechnung.Edit (Wasser.Edit for water).
 */
export interface AbrechnungsLaufProps {
  art: LaufArt;
  titel: string;
  optionen?: { interimBilling?: boolean; rechnungenTeilen?: boolean };
  sortierung?: boolean;
  schluesselFeld?: {
    /** What is missing until one is chosen („Bitte wählen Sie die Wasserabrechnung.“). */
    fehlt: string;
    render: (props: { value: string; onChange: (value: string) => void }) => ReactNode;
  };
  emailZiel: string;
  zusatz?: (params: LaufParameter) => ReactNode;
  adressen?: readonly number[];
  filterFeld?: ReactNode;
  editRechte?: readonly Right[];
}

export function AbrechnungsLauf(props: AbrechnungsLaufProps) {
  const { art, titel } = props;
  usePageTitle(titel);
  const url = useLaufUrl();
  const { pachtabrechnungID, year } = useSelectedYear();
  const canEdit = useHasRight('WebApp.Abrechnung.Edit', ...(props.editRechte ?? [])) === true;

  const wartetAufSchluessel = Boolean(props.schluesselFeld) && !url.stichtag;
  const params: LaufParameter = {
    art,
    pachtabrechnungID,
    date: url.datum || todayIso(),
    stichtag: url.stichtag || undefined,
    interimBilling: url.interim || undefined,
    rechnungenTeilen: url.teilen === '' ? undefined : url.teilen === 'ja',
    adressen: props.adressen?.length ? props.adressen : undefined,
  };
  const vorschau = useLaufVorschau(wartetAufSchluessel ? null : params);
  const gebucht = vorschau.data?.status.gebucht === true;

  // A booked run has nothing to check or book: it opens at "Drucken" (step 1 stays reachable to
  // choose another year or settlement).
  let schritt: SchrittNr = url.schritt ?? 1;
  if (gebucht && (url.schritt === null || (url.schritt >= 2 && url.schritt <= 4))) schritt = 5;
  const setSchritt = (nr: SchrittNr) => url.setze({ schritt: String(nr) });

  // Focus the step's heading when the step changes (not on arrival), so keyboard and screen-reader
  // users land on the new step instead of the button that has gone.
  const vorher = useRef(schritt);
  useEffect(() => {
    if (vorher.current === schritt) return;
    vorher.current = schritt;
    document.getElementById(`lauf-schritt-${schritt}`)?.focus();
  }, [schritt]);

  const jahrText = year ? String(year.jahr) : '';
  const erstesLaden = url.schritt === null && !wartetAufSchluessel && !vorschau.data && !vorschau.error;

  return (
    <Flex direction="column" gap="size-200">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">Jahresvorschreibung</Text>
        <Heading level={1} margin={0}>
          {titel} {jahrText}
        </Heading>
      </View>
      <LaufSchritte aktuell={schritt} gebucht={gebucht} onWahl={setSchritt} />
      {erstesLaden ? (
        <Loading label="Die Briefe werden berechnet …" />
      ) : (
        <section className="kgv-lauf-schritt" aria-labelledby={`lauf-schritt-${schritt}`}>
          {schritt === 1 ? (
            <SchrittJahr lauf={props} url={url} vorschau={vorschau.data} onWeiter={() => setSchritt(gebucht ? 5 : 2)} />
          ) : vorschau.error && schritt !== 6 ? (
            <LoadFailed
              title="Die Briefe konnten nicht berechnet werden."
              error={vorschau.error}
              onRetry={() => void vorschau.mutate()}
            />
          ) : !vorschau.data && schritt !== 6 ? (
            wartetAufSchluessel ? (
              <Text>{props.schluesselFeld?.fehlt}</Text>
            ) : (
              <Loading label="Die Briefe werden berechnet …" />
            )
          ) : schritt === 2 && vorschau.data ? (
            <SchrittPruefen
              vorschau={vorschau.data}
              onNeu={() => void vorschau.mutate()}
              pruefeLaeuft={vorschau.isValidating}
              onZurueck={() => setSchritt(1)}
              onWeiter={() => setSchritt(3)}
            />
          ) : schritt === 3 && vorschau.data ? (
            <SchrittVorschau
              vorschau={vorschau.data}
              params={params}
              zusatz={props.zusatz?.(params)}
              onZurueck={() => setSchritt(2)}
              onWeiter={() => setSchritt(4)}
            />
          ) : schritt === 4 && vorschau.data ? (
            <SchrittBuchen
              vorschau={vorschau.data}
              params={params}
              canEdit={canEdit}
              onZurueck={() => setSchritt(3)}
              onGebucht={() => setSchritt(5)}
            />
          ) : schritt === 5 && vorschau.data ? (
            <SchrittDrucken
              vorschau={vorschau.data}
              params={params}
              sortierung={props.sortierung === true}
              sortBy={url.sortBy}
              onSortBy={(sortBy) => url.setze({ sortBy })}
              zusatz={props.zusatz?.(params)}
              onZurueck={() => setSchritt(gebucht ? 1 : 4)}
              onWeiter={() => setSchritt(6)}
            />
          ) : (
            <SchrittEmail ziel={props.emailZiel} gebucht={gebucht} onZurueck={() => setSchritt(5)} />
          )}
        </section>
      )}
    </Flex>
  );
}

import { Item, Link, Picker } from '@adobe/react-spectrum';
import { type Key, useCallback } from 'react';
import { useHasRight } from '../../api/common';
import { type KassaabrechnungLookup, useKassaabrechnungDatum, useKassaabrechnungen } from '../../api/kassa';
import { useQueryParam } from '../../app/useQueryParam';
import { MessageBanner } from '../../components/MessageBanner';

export const KASSAABRECHNUNG_PARAM = 'kassaabrechnung';

export interface SelectedKassaabrechnung {
  /**
   * The period the screen shows: the one in the URL, else the default (containing today, else the
   * newest: GET Abrechnung/GetKassaabrechnungDatum). Undefined while loading or when there is none.
   */
  kassaabrechnungId: number | undefined;
  /** Its record once the list is loaded. */
  kassaabrechnung: KassaabrechnungLookup | undefined;
  kassaabrechnungen: KassaabrechnungLookup[] | undefined;
  /** True once it is known whether a period exists (false = the club has none yet). */
  loaded: boolean;
  setKassaabrechnung: (id: number | undefined) => void;
}

/** The period scope of a Kassa screen, kept in the URL query `kassaabrechnung=<id>` (UI.md: filters in the URL). */
export function useSelectedKassaabrechnung(): SelectedKassaabrechnung {
  const [param, setParam] = useQueryParam(KASSAABRECHNUNG_PARAM);
  const { data: kassaabrechnungen } = useKassaabrechnungen();
  const { data: standard } = useKassaabrechnungDatum();
  const raw = Number(param);
  const fromUrl = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const kassaabrechnungId = fromUrl ?? standard?.id ?? undefined;
  const kassaabrechnung =
    kassaabrechnungId === undefined ? undefined : kassaabrechnungen?.find((k) => k.id === kassaabrechnungId);
  const setKassaabrechnung = useCallback(
    (id: number | undefined) => setParam(id === undefined ? '' : String(id)),
    [setParam],
  );
  const loaded = fromUrl !== undefined || standard !== undefined;
  return { kassaabrechnungId, kassaabrechnung, kassaabrechnungen, loaded, setKassaabrechnung };
}

export interface KassaabrechnungPickerProps {
  label?: string;
}

/**
 * Picker of the periods (GET Common/Kassaabrechnungen), newest first; the choice lives in
 * `?kassaabrechnung=`. The default period (containing today) needs no parameter.
 */
export function KassaabrechnungPicker({ label = 'Kassaabrechnung' }: KassaabrechnungPickerProps) {
  const { kassaabrechnungId, kassaabrechnungen, setKassaabrechnung } = useSelectedKassaabrechnung();
  const { data: standard } = useKassaabrechnungDatum();
  return (
    <Picker
      label={label}
      items={kassaabrechnungen ?? []}
      selectedKey={kassaabrechnungId === undefined ? null : String(kassaabrechnungId)}
      isDisabled={!kassaabrechnungen || kassaabrechnungen.length === 0}
      onSelectionChange={(key: Key | null) => {
        if (key === null) return;
        const id = Number(key);
        setKassaabrechnung(id === standard?.id ? undefined : id);
      }}
      width="size-2400"
    >
      {(item) => (
        <Item key={String(item.id)} textValue={item.name}>
          {item.geschlossen ? `${item.name} (abgeschlossen)` : item.name}
        </Item>
      )}
    </Picker>
  );
}

/**
 * The banner of a closed period: "Kassaabrechnung 2025 ist abgeschlossen – nur Ansicht". The
 * screens disable their inputs under it; reopening is on the Kassaabrechnung screen.
 */
export function GeschlossenBanner({
  kassaabrechnung,
  message = 'Ein abgeschlossenes Kassajahr kann nicht mehr geändert werden. Unter Basisdaten → Kassaabrechnung kann es ein Berechtigter wieder öffnen.',
}: {
  kassaabrechnung: KassaabrechnungLookup | undefined;
  /** What still works on this screen, where it is more than nothing (the Kassabuch: Storno). */
  message?: string;
}) {
  if (!kassaabrechnung?.geschlossen) return null;
  return (
    <MessageBanner
      level="info"
      title={`Kassaabrechnung ${kassaabrechnung.jahr} ist abgeschlossen – nur Ansicht`}
      message={message}
    />
  );
}

/**
 * Whether the user may change the records of the shown period (booking accounts, cost centres,
 * plot assignment): the Edit right, and a period that exists and is not closed. Without it the
 * screens hide their Edit-only buttons and open their dialogs read-only.
 */
export function usePeriodeAenderbar(periode: SelectedKassaabrechnung): boolean {
  const edit = useHasRight('WebApp.Kassa.Edit') === true;
  return edit && periode.kassaabrechnung?.geschlossen !== true && !ohneKassajahr(periode);
}

/** A period-bound list: empty (not "loading") when the club has no period to load it for. */
export function periodenListe<Q extends { data?: unknown }>(periode: SelectedKassaabrechnung, geladen: Q): Q {
  return ohneKassajahr(periode) ? { ...geladen, data: [] } : geladen;
}

/** True once it is known that the club has no period yet (a new club before its first Kassajahr). */
export function ohneKassajahr(periode: SelectedKassaabrechnung): boolean {
  return periode.loaded && periode.kassaabrechnungId === undefined;
}

/**
 * The period's hint above a screen: "no Kassajahr yet" (with the way to create one) or the closed
 * banner; nothing for an open period.
 */
export function PeriodenHinweis({ periode }: { periode: SelectedKassaabrechnung }) {
  if (ohneKassajahr(periode)) {
    return (
      <KeinKassajahr dann="Buchungskonten, Kostenstellen und Anfangsbestände gehören jeweils zu einem Kassajahr." />
    );
  }
  return <GeschlossenBanner kassaabrechnung={periode.kassaabrechnung} />;
}

/**
 * The hint of a new club before its first Kassajahr, the same on every Kassa screen: where to
 * create one (with the link) and, in `dann`, what this screen does once there is one.
 */
export function KeinKassajahr({ dann }: { dann: string }) {
  return (
    <MessageBanner
      level="info"
      title="Noch kein Kassajahr"
      message={
        <>
          Legen Sie zuerst unter <Link href="/basisdatenabrechnung/kassaabrechnung">Basisdaten → Kassaabrechnung</Link>{' '}
          das erste Kassajahr an; {dann}
        </>
      }
    />
  );
}

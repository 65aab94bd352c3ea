import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';

// The guided run's state lives in the URL (UI.md: a reload or a bookmark stays where it was):
// ?schritt=3&jahr=<pachtabrechnungID>&datum=2026-11-24&interim=1&teilen=ja&stichtag=…&sortBy=name.
// `jahr` is the YearPicker's parameter (components/YearPicker).

export const SCHRITTE = [
  { nr: 1, titel: 'Jahr und Datum' },
  { nr: 2, titel: 'Prüfen' },
  { nr: 3, titel: 'Vorschau' },
  { nr: 4, titel: 'Buchen' },
  { nr: 5, titel: 'Drucken' },
  { nr: 6, titel: 'E-Mail-Versand' },
] as const;
export type SchrittNr = (typeof SCHRITTE)[number]['nr'];

/** How many receivables a letter gets: the settings' choice, one, or one per booking account. */
export type Teilen = '' | 'ja' | 'nein';

export interface LaufUrl {
  /** null: none in the URL (the screen decides: step 1, or 5 for a booked run). */
  schritt: SchrittNr | null;
  /** '' = today (the server's default too). */
  datum: string;
  interim: boolean;
  teilen: Teilen;
  stichtag: string;
  sortBy: string;
  /** Sets several parameters at once ('' or false removes one); replaces the history entry. */
  setze: (patch: Partial<Record<'schritt' | 'datum' | 'interim' | 'teilen' | 'stichtag' | 'sortBy', string>>) => void;
}

export function useLaufUrl(): LaufUrl {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const raw = Number(params.get('schritt'));
  const schritt = Number.isInteger(raw) && raw >= 1 && raw <= 6 ? (raw as SchrittNr) : null;
  const teilen = params.get('teilen');
  const setze = useCallback<LaufUrl['setze']>(
    (patch) => {
      const next = new URLSearchParams(window.location.search);
      for (const [name, value] of Object.entries(patch)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      const query = next.toString();
      navigate(query ? `${location}?${query}` : location, { replace: true });
    },
    [location, navigate],
  );
  return {
    schritt,
    datum: params.get('datum') ?? '',
    interim: params.get('interim') === '1',
    teilen: teilen === 'ja' || teilen === 'nein' ? teilen : '',
    stichtag: params.get('stichtag') ?? '',
    sortBy: params.get('sortBy') ?? '',
    setze,
  };
}

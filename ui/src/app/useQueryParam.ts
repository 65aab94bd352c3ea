import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * One query parameter as state (UI.md: filters live in the URL). Setting it replaces the history
 * entry; an empty value removes the parameter.
 */
export function useQueryParam(name: string): [string, (value: string) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const value = new URLSearchParams(search).get(name) ?? '';
  const set = useCallback(
    (next: string) => {
      const params = new URLSearchParams(window.location.search);
      if (next) params.set(name, next);
      else params.delete(name);
      const query = params.toString();
      navigate(query ? `${location}?${query}` : location, { replace: true });
    },
    [name, location, navigate],
  );
  return [value, set];
}

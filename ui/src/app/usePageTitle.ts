import { useEffect } from 'react';
import { useVereinsName } from '../api/common';

export function pageTitle(title: string, vereinsName: string | undefined): string {
  return `${title} – ${vereinsName || 'kgv'}`;
}

/** Sets the browser tab title: "<Title> – <Vereinsname>", or "<Title> – kgv" until the name is known. */
export function usePageTitle(title: string): void {
  const vereinsName = useVereinsName();
  useEffect(() => {
    document.title = pageTitle(title, vereinsName);
  }, [title, vereinsName]);
}

import { vi } from 'vitest';

export const STAMMDATEN_EDIT = ['WebApp.Stammdaten.View', 'WebApp.Stammdaten.Edit'];
export const STAMMDATEN_VIEW = ['WebApp.Stammdaten.View'];

// One signed-in Obmann for every screen test.
export { signedIn } from './testHelpers';

export const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
export const dialog = () => document.body.querySelector('[role="dialog"]');
export const alertDialog = () => document.body.querySelector('[role="alertdialog"]');

export const rowTexts = (container: ParentNode) =>
  [...container.querySelectorAll('[role="grid"] [role="row"]')]
    .slice(1)
    .map((row) =>
      [...row.querySelectorAll('[role="rowheader"], [role="gridcell"]')].map((cell) =>
        (cell.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '),
      ),
    );

/** TableView virtualises: without a layout (happy-dom has none) it would render no rows. */
export function fakeLayout() {
  for (const property of ['clientWidth', 'clientHeight', 'offsetWidth', 'offsetHeight'] as const) {
    let owner: object | null = HTMLElement.prototype;
    while (owner && !Object.getOwnPropertyDescriptor(owner, property)) owner = Object.getPrototypeOf(owner);
    if (owner) vi.spyOn(owner as HTMLElement, property, 'get').mockReturnValue(1000);
  }
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, typeInto, waitFor } from '../../testing/appHarness';
import { setTestCookie } from '../../testing/cookies';
import { blur, button, callsTo, click, EDIT_RIGHTS, field, signedIn } from '../../testing/testHelpers';

// The category dialog checks with the server's own schema: a negative fee is refused at the field
// (Spectrum's minValue clamped it to € 0,00 before), and typed text is not dropped without asking.

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const PATH = '/grundeinstellungen/abstellplatzKategorien';
const LIST = 'GET /api/Vereinseinstellungen/AbstellplatzKategorien';
const SAVE = '/api/Vereinseinstellungen/UpdateAbstellPlatzKategorie';
const dialog = () => document.body.querySelector<HTMLElement>('[role="dialog"]');
const question = () =>
  [...document.body.querySelectorAll<HTMLElement>('[role="alertdialog"]')].find((d) =>
    d.textContent?.includes('Änderungen verwerfen?'),
  );

function fakeLayout() {
  for (const property of ['clientWidth', 'clientHeight', 'offsetWidth', 'offsetHeight'] as const) {
    let owner: object | null = HTMLElement.prototype;
    while (owner && !Object.getOwnPropertyDescriptor(owner, property)) owner = Object.getPrototypeOf(owner);
    if (owner) vi.spyOn(owner as HTMLElement, property, 'get').mockReturnValue(1000);
  }
}

beforeEach(() => {
  fakeLayout();
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

async function openNew() {
  app.api({
    ...signedIn(EDIT_RIGHTS),
    [LIST]: () => json([{ id: 1, version: 1, name: 'PKW-Stellplatz', jahresgebuehrCent: 6000, aktiv: true }]),
    [`POST ${SAVE}`]: () => json({}),
  });
  await app.renderAt(PATH);
  await waitFor(() => button(container, 'Neue Kategorie'));
  await click(button(container, 'Neue Kategorie'));
  await waitFor(() => expect(dialog()).not.toBeNull());
  return dialog()!;
}

describe('KategorieDialog', () => {
  it('refuses a negative Jahresgebühr at the field and keeps what was typed', async () => {
    const box = await openNew();
    await typeInto(field(box, 'Name'), 'Motorrad');
    const fee = field(box, 'Jahresgebühr');
    await typeInto(fee, '-5');
    await blur(fee);
    await click(button(box, 'Speichern'));
    await waitFor(() => expect(fee.getAttribute('aria-invalid')).toBe('true'));
    expect(box.textContent?.replace(/\u00a0/g, ' ')).toContain('Erlaubt sind € 0,00 bis € 100.000,00.');
    expect(fee.value.replace(/\u00a0/g, ' ')).toBe('-€ 5,00');
    expect(document.activeElement).toBe(fee);
    expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(0);
  });

  it('asks before Abbrechen drops a typed name', async () => {
    const box = await openNew();
    await typeInto(field(box, 'Name'), 'Motorrad');
    await click(button(box, 'Abbrechen'));
    await waitFor(() => expect(question()).toBeDefined());
    await click(button(question()!, 'Verwerfen'));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(0);
  });
});

import { describe, expect, it } from 'vitest';
import { matchRoute } from 'wouter';
import { MENU } from './menu';
import { findRoute, PUBLIC_ROUTES, ROUTES, SHELL_ROUTES } from './routes';

/** Every route of spec §2, with the short paths spelled out under their group's prefix. */
const SPEC_ROUTES = [
  '/',
  '/stammdatenverwalten/parzellen',
  '/stammdatenverwalten/nutzungsberechtigte',
  '/stammdatenverwalten/abstellplaetze',
  '/stammdatenverwalten/gruppen',
  '/stammdatenverwalten/funktionaer',
  '/stammdatenverwalten/funktionen',
  '/stammdatenverwalten/listen',
  '/wasserbuch/wasserablesung',
  '/wasserbuch/zaehlerwechsel',
  '/stammdatenverwalten/hauptwasserzaehler',
  '/wasserbuch/wasserabrechnung/jahresabrechnung',
  '/kassa/kassabuch',
  '/kassa/belegsuchen',
  '/kassa/buchungskonten',
  '/kassa/zuordnungparzellenspezifisch',
  '/kassa/kostenstellen',
  '/kassa/konten',
  '/rechnungen/rechnungsuebersicht',
  '/kassa/anlageverzeichnis',
  '/rechnungen/versicherungen',
  '/kassa/kassabericht',
  '/kassa/kontobericht',
  '/kassa/steuerbericht',
  '/kassa/kostenaufstellung',
  '/kassa/anlagebericht',
  '/basisdatenabrechnung/pachteinstellungen/pachtberechnungen',
  '/basisdatenabrechnung/kassaabrechnung',
  '/basisdatenabrechnung/vereinsabrechnung',
  '/basisdatenabrechnung/wasserabrechnung/abrechnung',
  '/basisdatenabrechnung/gruppenabrechnung',
  '/jahresabrechnung/zahlungsvorschreibung',
  '/jahresabrechnung/pachtzinsliste',
  '/jahresabrechnung/gruppenrechnungen',
  '/jahresabrechnung/weiteremitgliedschaften',
  '/wasserbuch/wasserrechnungen',
  '/grundeinstellungen/vereinseinstellungen',
  '/grundeinstellungen/abstellplatzKategorien',
  '/grundeinstellungen/benutzer',
  '/emails/serienbrief',
  '/emails/mail',
  '/emails/zahlungsvorschreibung',
  '/emails/wasserrechnung',
  '/grundeinstellungen/maileinstellungen',
  '/infoscreen',
  '/profil',
  '/logout',
  '/login',
  '/forgotpassword',
  '/resetpassword',
  '/404',
];

/** Screens beyond spec §2's list (issue 15): allocating bank credits, the reminder run, a member's statement. */
const BEYOND_SPEC_ROUTES = ['/rechnungen/zuklaeren', '/rechnungen/mahnlauf', '/rechnungen/kontoauszug'];

// The table has no :params yet, so an exact-path parser behaves like wouter's (regexparam);
// App.test.tsx covers matching with wouter's real parser.
const parser = (route: string, loose?: boolean) => {
  const pattern = new RegExp(`^${route.replace(/\//g, '\\/')}${loose ? '' : '\\/?$'}`);
  return { pattern, keys: [] };
};

describe('route table', () => {
  it('covers every route of spec §2 exactly once (and the few screens beyond it)', () => {
    const paths = ROUTES.map((route) => route.path);
    expect([...paths].sort()).toEqual([...SPEC_ROUTES, ...BEYOND_SPEC_ROUTES].sort());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every route a German title', () => {
    for (const route of ROUTES) expect(route.title, route.path).toMatch(/^[A-ZÄÖÜ]/);
    const title = (path: string) => ROUTES.find((route) => route.path === path)?.title;
    expect(title('/stammdatenverwalten/parzellen')).toBe('Parzellen');
    expect(title('/stammdatenverwalten/nutzungsberechtigte')).toBe('Nutzungsberechtigte');
    expect(title('/kassa/belegsuchen')).toBe('Belegsuche');
    expect(title('/basisdatenabrechnung/pachteinstellungen/pachtberechnungen')).toBe('Pachtberechnungen');
    expect(title('/jahresabrechnung/zahlungsvorschreibung')).toBe('Zahlungsvorschreibung');
  });

  it('keeps exactly the four public routes and /logout outside the session check', () => {
    expect(PUBLIC_ROUTES.map((route) => route.path)).toEqual([
      '/login',
      '/forgotpassword',
      '/resetpassword',
      '/404',
      '/logout',
    ]);
    for (const route of PUBLIC_ROUTES) expect(route.screen).toBeDefined();
  });

  it('takes group and rights of signed-in routes from the menu', () => {
    const parzellen = SHELL_ROUTES.find((route) => route.path === '/stammdatenverwalten/parzellen');
    expect(parzellen?.group).toBe('Stammdaten');
    expect(parzellen?.rights).toEqual(['WebApp.Stammdaten.View', 'WebApp.Stammdaten.Edit']);
    expect(SHELL_ROUTES.find((route) => route.path === '/')?.rights).toBeUndefined();
    const menuGroups = new Set(MENU.map((group) => group.title));
    for (const route of SHELL_ROUTES) {
      if (route.path !== '/profil') expect(menuGroups.has(route.group ?? ''), route.path).toBe(true);
    }
  });

  it('has real screens for the start page and the info screen', () => {
    expect(SHELL_ROUTES.find((route) => route.path === '/')?.screen).toBeDefined();
    expect(SHELL_ROUTES.find((route) => route.path === '/infoscreen')?.screen).toBeDefined();
  });

  it('finds routes with wouter matching and nothing for unknown paths', () => {
    expect(matchRoute(parser, '/kassa/konten', '/kassa/konten')[0]).toBe(true);
    expect(findRoute(parser, '/kassa/konten', SHELL_ROUTES)?.title).toBe('Bankkonten');
    expect(findRoute(parser, '/gibtesnicht', ROUTES)).toBeUndefined();
    expect(findRoute(parser, '/login', SHELL_ROUTES)).toBeUndefined();
  });
});

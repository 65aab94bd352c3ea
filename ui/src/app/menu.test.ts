import { describe, expect, it } from 'vitest';
import { RIGHTS, type Right } from '../../../src/platform/auth/rights';
import { MENU, type MenuGroup, type MenuLink, mayOpen, menuLinks, needsFlag, visibleMenu } from './menu';
import { isBuilt } from './routes';

const NO_FLAG = { steuersatz: false };
const FLAG = { steuersatz: true };

/** Group title -> visible item titles. */
function shape(groups: readonly MenuGroup[]): Record<string, string[]> {
  return Object.fromEntries(groups.map((group) => [group.title, group.items.map((item) => item.title)]));
}

const held = (...rights: Right[]) => new Set<string>(rights);

// DOMAIN.md roles.
const RECHNUNGSPRUEFER = held(...RIGHTS.filter((right) => right.endsWith('.View')));
const GLOBAL_ADMIN = held(...RIGHTS);
const WASSERWART = held('WebApp.Wasser.Edit', 'WebApp.Stammdaten.View');
const KASSIER = held(
  'WebApp.Kassa.Edit',
  'WebApp.Rechnungspruefung.Edit',
  'WebApp.Abrechnung.Edit',
  'WebApp.Stammdaten.View',
);
const SCHRIFTFUEHRER = held('WebApp.Stammdaten.Edit', 'WebApp.Email.Versenden');

const allTitles = (groups: readonly MenuGroup[]) => groups.flatMap((group) => group.items.map((item) => item.title));

describe('visibleMenu', () => {
  it('shows the auditor (every View right) every item but the mail-sending screens and the Steuerbericht without its flag', () => {
    const menu = visibleMenu(RECHNUNGSPRUEFER, NO_FLAG);
    expect(menu.map((group) => group.title)).toEqual(MENU.map((group) => group.title));
    const hidden = ['Steuerbericht', 'Serienbrief', 'Vorschreibung per E-Mail', 'Wasserrechnung per E-Mail'];
    for (const title of hidden) expect(allTitles(menu)).not.toContain(title);
    expect(allTitles(menu)).toHaveLength(allTitles(MENU).length - hidden.length);
    expect(shape(menu)['E-Mails']).toEqual(['E-Mail-Vorlagen', 'Maileinstellungen']);
    expect(allTitles(visibleMenu(RECHNUNGSPRUEFER, FLAG))).toContain('Steuerbericht');
  });

  it('shows a global admin everything, the Steuerbericht only with the flag', () => {
    expect(allTitles(visibleMenu(GLOBAL_ADMIN, FLAG))).toEqual(allTitles(MENU));
    expect(shape(visibleMenu(GLOBAL_ADMIN, NO_FLAG)).Berichte).toEqual([
      'Kassabericht',
      'Kontobericht',
      'Kostenaufstellung',
      'Anlagebericht',
    ]);
  });

  it('shows a Wasserwart master data, the water book and the water invoices only', () => {
    expect(shape(visibleMenu(WASSERWART, FLAG))).toEqual({
      Startseite: ['Startseite'],
      Stammdaten: [
        'Parzellen',
        'Nutzungsberechtigte',
        'Abstellplätze',
        'Gruppen',
        'Funktionäre',
        'Funktionen',
        'Listen',
        'Alle Stammdaten exportieren',
      ],
      Wasserbuch: ['Wasserablesung', 'Zählerwechsel', 'Hauptwasserzähler', 'Wasser-Jahresabrechnung'],
      Basisdaten: ['Wasserabrechnung'],
      Jahresvorschreibung: ['Wasserrechnungen'],
      Versionsinformationen: ['Versionsinformationen'],
    });
  });

  it('shows a Kassier the money areas and of the water book only the Hauptwasserzähler and the settlement', () => {
    const menu = shape(visibleMenu(KASSIER, NO_FLAG));
    expect(Object.keys(menu)).toEqual([
      'Startseite',
      'Stammdaten',
      'Wasserbuch',
      'Kassabuch',
      'Berichte',
      'Basisdaten',
      'Jahresvorschreibung',
      'Versionsinformationen',
    ]);
    expect(menu.Wasserbuch).toEqual(['Hauptwasserzähler', 'Wasser-Jahresabrechnung']);
    expect(menu.Kassabuch).toHaveLength(12);
  });

  it('shows invoice checkers only the invoice items of the Kassabuch group', () => {
    const menu = shape(visibleMenu(held('WebApp.Rechnungspruefung.View'), FLAG));
    expect(menu).toEqual({
      Startseite: ['Startseite'],
      Kassabuch: ['Rechnungsübersicht', 'Zahlungen zuordnen', 'Mahnlauf', 'Mitglieder-Kontoauszug', 'Versicherungen'],
      Versionsinformationen: ['Versionsinformationen'],
    });
  });

  it('shows the billing people (Abrechnung only) the Versicherungen, as the server lets them read and import them', () => {
    const menu = shape(visibleMenu(held('WebApp.Abrechnung.View'), NO_FLAG));
    expect(menu.Kassabuch).toEqual(['Versicherungen']);
    expect(mayOpen('/rechnungen/versicherungen?jahr=2026', held('WebApp.Abrechnung.Edit'))).toBe(true);
    expect(mayOpen('/rechnungen/rechnungsuebersicht', held('WebApp.Abrechnung.Edit'))).toBe(false);
  });

  it('lets mail senders send but not edit the mail settings', () => {
    expect(shape(visibleMenu(SCHRIFTFUEHRER, NO_FLAG))['E-Mails']).toEqual([
      'Serienbrief',
      'E-Mail-Vorlagen',
      'Vorschreibung per E-Mail',
      'Wasserrechnung per E-Mail',
    ]);
    expect(shape(visibleMenu(held('WebApp.Vereinseinstellungen.View'), NO_FLAG))['E-Mails']).toContain(
      'Maileinstellungen',
    );
  });

  it('gates Grundeinstellungen by settings or user rights', () => {
    expect(shape(visibleMenu(held('User.View'), NO_FLAG)).Grundeinstellungen).toEqual(['Benutzer']);
    expect(shape(visibleMenu(held('WebApp.Vereinseinstellungen.Edit'), NO_FLAG)).Grundeinstellungen).toEqual([
      'Vereinseinstellungen',
      'Abstellplatz-Kategorien',
    ]);
    expect(shape(visibleMenu(held('WebApp.Admin.Global'), NO_FLAG)).Grundeinstellungen).toHaveLength(3);
  });

  it('hides every group without visible items', () => {
    expect(shape(visibleMenu(held(), FLAG))).toEqual({
      Startseite: ['Startseite'],
      Versionsinformationen: ['Versionsinformationen'],
    });
  });

  it('links to unique paths', () => {
    const paths = menuLinks().map((link) => link.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('names no link with a part of another link name (Playwright matches substrings)', () => {
    const names = MENU.flatMap((group) => group.items.map((item) => item.title.toLowerCase()));
    for (const name of names) {
      expect(
        names.filter((other) => other.includes(name)),
        name,
      ).toEqual([name]);
    }
  });
});

describe('areas not built yet', () => {
  const links = (groups: readonly MenuGroup[]) =>
    groups.flatMap((group) => group.items.filter((item): item is MenuLink => item.kind === 'route'));

  it('marks every link without a screen "in Arbeit" and no built one', () => {
    const menu = links(visibleMenu(GLOBAL_ADMIN, NO_FLAG, MENU, isBuilt));
    const marked = menu.filter((link) => link.inArbeit).map((link) => link.title);
    expect(marked).toEqual(expect.arrayContaining(['E-Mail-Vorlagen', 'Serienbrief']));
    expect(marked).not.toContain('Rechnungsübersicht');
    expect(marked).not.toContain('Parzellen');
    expect(marked).not.toContain('Hauptwasserzähler');
    expect(marked).not.toContain('Wasserablesung');
    expect(marked).not.toContain('Maileinstellungen');
    for (const link of menu) expect(Boolean(link.inArbeit), link.title).toBe(!isBuilt(link.path));
  });

  it('asks the flag for the Steuerbericht (built) only of those who could see it, and hides it without', () => {
    expect(links(visibleMenu(KASSIER, NO_FLAG, MENU, isBuilt)).map((l) => l.title)).not.toContain('Steuerbericht');
    expect(links(visibleMenu(KASSIER, FLAG, MENU, isBuilt)).map((l) => l.title)).toContain('Steuerbericht');
    // A flag of a screen not built yet names a route that may not exist: nobody asks it.
    expect(needsFlag('steuersatz', KASSIER, () => false)).toBe(false);
    // The screen exists: those who could see it ask, the others do not.
    expect(needsFlag('steuersatz', GLOBAL_ADMIN, isBuilt)).toBe(true);
    expect(needsFlag('steuersatz', KASSIER, isBuilt)).toBe(true);
    expect(needsFlag('steuersatz', SCHRIFTFUEHRER, isBuilt)).toBe(false);
    expect(needsFlag('steuersatz', undefined, isBuilt)).toBe(false);
  });
});

describe('mayOpen', () => {
  it('answers as the route guard: a Kassier opens the settlement but not the readings, query or not', () => {
    const kassier = held('WebApp.Abrechnung.Edit');
    expect(mayOpen('/wasserbuch/wasserabrechnung/jahresabrechnung?stichtag=2026-10-31', kassier)).toBe(true);
    expect(mayOpen('/wasserbuch/wasserablesung?datum=2026-10-31&parzelle=12', kassier)).toBe(false);
    expect(mayOpen('/wasserbuch/wasserablesung', held('WebApp.Wasser.View'))).toBe(true);
    expect(mayOpen('/', kassier)).toBe(true);
  });
});

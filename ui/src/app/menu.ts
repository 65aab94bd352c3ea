import type { Right } from '../../../src/platform/auth/rights';

/** Feature switches the menu depends on besides rights. */
export interface MenuFlags {
  /** GetSteuersatzFlag: the club books with tax rates, so the Steuerbericht exists. */
  steuersatz: boolean;
}

/** Every switch on: rights alone decide whether a flag is worth asking. */
const FLAGS_ALL_ON: MenuFlags = { steuersatz: true };

export interface MenuLink {
  kind: 'route';
  path: string;
  title: string;
  /** Any one of these suffices; absent means every signed-in user. */
  rights?: readonly Right[];
  flag?: keyof MenuFlags;
  /** Set by visibleMenu: the area's screen is not built yet (the PlaceholderScreen shows). */
  inArbeit?: boolean;
}

/** A plain file download (not a client route), e.g. the Stammdaten export. */
export interface MenuDownload {
  kind: 'download';
  href: string;
  title: string;
  rights?: readonly Right[];
}

export type MenuItem = MenuLink | MenuDownload;

export interface MenuGroup {
  id: string;
  title: string;
  items: readonly MenuItem[];
}

// Right sets of the spec's gates (§6, issue 8). GlobalAdmin receives every right from the server.
const STAMMDATEN: readonly Right[] = ['WebApp.Stammdaten.View', 'WebApp.Stammdaten.Edit'];
const WASSER: readonly Right[] = ['WebApp.Wasser.View', 'WebApp.Wasser.Edit'];
const KASSA: readonly Right[] = ['WebApp.Kassa.View', 'WebApp.Kassa.Edit'];
const RECHNUNGEN: readonly Right[] = ['WebApp.Rechnungspruefung.View', 'WebApp.Rechnungspruefung.Edit'];
const ABRECHNUNG: readonly Right[] = ['WebApp.Abrechnung.View', 'WebApp.Abrechnung.Edit'];
const EINSTELLUNGEN: readonly Right[] = [
  'WebApp.Admin.Global',
  'WebApp.Vereinseinstellungen.View',
  'WebApp.Vereinseinstellungen.Edit',
];
const BENUTZER: readonly Right[] = [
  'WebApp.Admin.Global',
  'WebApp.Userverwaltung.View',
  'WebApp.Userverwaltung.Edit',
  'User.View',
  'User.Edit',
];
const EMAILS: readonly Right[] = ['WebApp.Admin.Global', 'WebApp.Vereinseinstellungen.View', 'WebApp.Email.Versenden'];
/** Screens that send mail: the group's settings-view right alone (the auditors') does not open them. */
const EMAIL_SENDING: readonly Right[] = ['WebApp.Admin.Global', 'WebApp.Email.Versenden'];

const route = (path: string, title: string, rights?: readonly Right[], flag?: keyof MenuFlags): MenuLink => ({
  kind: 'route',
  path,
  title,
  ...(rights ? { rights } : {}),
  ...(flag ? { flag } : {}),
});

/**
 * The sidebar of spec §2, in its order. No link name may contain another one (ignoring case):
 * browser tests find links by name, and Playwright matches names as substrings.
 */
export const MENU: readonly MenuGroup[] = [
  { id: 'start', title: 'Startseite', items: [route('/', 'Startseite')] },
  {
    id: 'stammdaten',
    title: 'Stammdaten',
    items: [
      route('/stammdatenverwalten/parzellen', 'Parzellen', STAMMDATEN),
      route('/stammdatenverwalten/nutzungsberechtigte', 'Nutzungsberechtigte', STAMMDATEN),
      route('/stammdatenverwalten/abstellplaetze', 'Abstellplätze', STAMMDATEN),
      route('/stammdatenverwalten/gruppen', 'Gruppen', STAMMDATEN),
      route('/stammdatenverwalten/funktionaer', 'Funktionäre', STAMMDATEN),
      route('/stammdatenverwalten/funktionen', 'Funktionen', STAMMDATEN),
      route('/stammdatenverwalten/listen', 'Listen', STAMMDATEN),
      { kind: 'download', href: '/api/stammdaten/exportall', title: 'Alle Stammdaten exportieren', rights: STAMMDATEN },
    ],
  },
  {
    id: 'wasserbuch',
    title: 'Wasserbuch',
    items: [
      route('/wasserbuch/wasserablesung', 'Wasserablesung', WASSER),
      route('/wasserbuch/zaehlerwechsel', 'Zählerwechsel', WASSER),
      route('/stammdatenverwalten/hauptwasserzaehler', 'Hauptwasserzähler', [...WASSER, ...STAMMDATEN]),
      // The Kassier makes and reads the water settlement too (server: WASSERABRECHNUNG_VIEW/EDIT).
      route('/wasserbuch/wasserabrechnung/jahresabrechnung', 'Wasser-Jahresabrechnung', [...WASSER, ...ABRECHNUNG]),
    ],
  },
  {
    id: 'kassabuch',
    title: 'Kassabuch',
    items: [
      route('/kassa/kassabuch', 'Kassabuch', KASSA),
      route('/kassa/belegsuchen', 'Belegsuche', KASSA),
      route('/kassa/buchungskonten', 'Buchungskonten', KASSA),
      route('/kassa/zuordnungparzellenspezifisch', 'Zuordnung je Parzelle', KASSA),
      route('/kassa/kostenstellen', 'Kostenstellen', KASSA),
      route('/kassa/konten', 'Bankkonten', KASSA),
      route('/rechnungen/rechnungsuebersicht', 'Rechnungsübersicht', RECHNUNGEN),
      // Beyond the spec's list (issue 15): bank credits to allocate, the reminder run, a member's statement.
      route('/rechnungen/zuklaeren', 'Zahlungen zuordnen', RECHNUNGEN),
      route('/rechnungen/mahnlauf', 'Mahnlauf', RECHNUNGEN),
      route('/rechnungen/kontoauszug', 'Mitglieder-Kontoauszug', RECHNUNGEN),
      route('/kassa/anlageverzeichnis', 'Anlageverzeichnis', KASSA),
      // Insurances go on the payment request: the billing people read and import them too (server: VERSICHERUNGEN_VIEW).
      route('/rechnungen/versicherungen', 'Versicherungen', [...RECHNUNGEN, ...ABRECHNUNG]),
    ],
  },
  {
    id: 'berichte',
    title: 'Berichte',
    items: [
      route('/kassa/kassabericht', 'Kassabericht', KASSA),
      route('/kassa/kontobericht', 'Kontobericht', KASSA),
      route('/kassa/steuerbericht', 'Steuerbericht', KASSA, 'steuersatz'),
      route('/kassa/kostenaufstellung', 'Kostenaufstellung', KASSA),
      route('/kassa/anlagebericht', 'Anlagebericht', KASSA),
    ],
  },
  {
    id: 'basisdaten',
    title: 'Basisdaten',
    items: [
      route('/basisdatenabrechnung/pachteinstellungen/pachtberechnungen', 'Pachtberechnungen', ABRECHNUNG),
      // The Kassier keeps the cash periods too (server: KASSAABRECHNUNG_VIEW/EDIT).
      route('/basisdatenabrechnung/kassaabrechnung', 'Kassaabrechnung', [...ABRECHNUNG, ...KASSA]),
      route('/basisdatenabrechnung/vereinsabrechnung', 'Vereinsabrechnung', ABRECHNUNG),
      // The Wasserwart keeps the water prices too (server: WASSERABRECHNUNG_VIEW/EDIT).
      route('/basisdatenabrechnung/wasserabrechnung/abrechnung', 'Wasserabrechnung', [...ABRECHNUNG, ...WASSER]),
      route('/basisdatenabrechnung/gruppenabrechnung', 'Abrechnung je Gruppe', ABRECHNUNG),
    ],
  },
  {
    id: 'jahresvorschreibung',
    title: 'Jahresvorschreibung',
    items: [
      route('/jahresabrechnung/zahlungsvorschreibung', 'Zahlungsvorschreibung', ABRECHNUNG),
      route('/jahresabrechnung/pachtzinsliste', 'Pachtzinsliste', ABRECHNUNG),
      route('/jahresabrechnung/gruppenrechnungen', 'Rechnungen je Gruppe', ABRECHNUNG),
      route('/jahresabrechnung/weiteremitgliedschaften', 'Weitere Mitgliedschaften', ABRECHNUNG),
      route('/wasserbuch/wasserrechnungen', 'Wasserrechnungen', [...ABRECHNUNG, ...WASSER]),
    ],
  },
  {
    id: 'grundeinstellungen',
    title: 'Grundeinstellungen',
    items: [
      route('/grundeinstellungen/vereinseinstellungen', 'Vereinseinstellungen', EINSTELLUNGEN),
      route('/grundeinstellungen/abstellplatzKategorien', 'Abstellplatz-Kategorien', EINSTELLUNGEN),
      route('/grundeinstellungen/benutzer', 'Benutzer', BENUTZER),
    ],
  },
  {
    id: 'emails',
    title: 'E-Mails',
    items: [
      route('/emails/serienbrief', 'Serienbrief', EMAIL_SENDING),
      route('/emails/mail', 'E-Mail-Vorlagen', EMAILS),
      route('/emails/zahlungsvorschreibung', 'Vorschreibung per E-Mail', EMAIL_SENDING),
      route('/emails/wasserrechnung', 'Wasserrechnung per E-Mail', EMAIL_SENDING),
      route('/grundeinstellungen/maileinstellungen', 'Maileinstellungen', EINSTELLUNGEN),
    ],
  },
  { id: 'info', title: 'Versionsinformationen', items: [route('/infoscreen', 'Versionsinformationen')] },
];

export function canSee(item: MenuItem, held: ReadonlySet<string>, flags: MenuFlags): boolean {
  if (item.kind === 'route' && item.flag && !flags[item.flag]) return false;
  return !item.rights || item.rights.some((right) => held.has(right));
}

/**
 * Whether the user may open the screen a link (path, query allowed) leads to, as the route guard
 * decides it: so a screen links only to screens the user would not be refused.
 */
export function mayOpen(href: string, held: ReadonlySet<string>): boolean {
  const path = href.split('?')[0];
  const link = menuLinks().find((l) => l.path === path);
  return !link?.rights || link.rights.some((right) => held.has(right));
}

/** Whether a client route has its screen; routes.tsx answers it from its screen table. */
export type IsBuilt = (path: string) => boolean;

/**
 * The menu as the user sees it: items they hold a right for, groups left without items dropped.
 * Links whose screen is not built yet carry `inArbeit` (the sidebar marks them, the start page
 * leaves them out). A flagged link stays hidden while its flag is unknown (not asked before built).
 */
export function visibleMenu(
  held: ReadonlySet<string>,
  flags: MenuFlags,
  menu = MENU,
  isBuilt: IsBuilt = () => true,
): MenuGroup[] {
  return menu
    .map((group) => ({
      ...group,
      items: group.items.flatMap((item): MenuItem[] => {
        if (!canSee(item, held, flags)) return [];
        return item.kind === 'route' && !isBuilt(item.path) ? [{ ...item, inArbeit: true }] : [item];
      }),
    }))
    .filter((group) => group.items.length > 0);
}

/**
 * Whether the shell must ask the server for `flag`: only when the user could see a link it gates
 * and that link's screen exists. A flag of an area not built yet names a route that does not
 * exist yet either (Kassa/GetSteuersatzFlag answered 404 on every app load).
 */
export function needsFlag(flag: keyof MenuFlags, held: ReadonlySet<string> | undefined, isBuilt: IsBuilt): boolean {
  if (!held) return false;
  return menuLinks().some((link) => link.flag === flag && isBuilt(link.path) && canSee(link, held, FLAGS_ALL_ON));
}

/** Every client route the menu links to. */
export function menuLinks(menu = MENU): MenuLink[] {
  return menu.flatMap((group) => group.items.filter((item): item is MenuLink => item.kind === 'route'));
}

import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { matchRoute, type Parser } from 'wouter';
import type { Right } from '../../../src/platform/auth/rights';
import { MENU } from './menu';

type Screen = LazyExoticComponent<ComponentType>;

export interface AppRoute {
  path: string;
  /** German title: page heading and browser tab. */
  title: string;
  /** The sidebar group the route belongs to (null outside the menu). */
  group: string | null;
  /** Any one of these suffices; absent means every signed-in user. */
  rights?: readonly Right[];
  /** Without a screen the route shows the PlaceholderScreen until its issue builds it. */
  screen?: Screen;
}

export interface PublicRoute extends AppRoute {
  screen: Screen;
}

// Each screen is its own chunk: the login page loads neither the shell nor any other screen.
const SCREENS: Readonly<Record<string, Screen>> = {
  '/': lazy(() => import('../modules/common/StartScreen')),
  '/infoscreen': lazy(() => import('../modules/common/InfoScreen')),
  '/grundeinstellungen/vereinseinstellungen': lazy(
    () => import('../modules/vereinseinstellungen/VereinseinstellungenScreen'),
  ),
  '/grundeinstellungen/abstellplatzKategorien': lazy(
    () => import('../modules/vereinseinstellungen/AbstellplatzKategorienScreen'),
  ),
  '/grundeinstellungen/maileinstellungen': lazy(
    () => import('../modules/vereinseinstellungen/MaileinstellungenScreen'),
  ),
  '/stammdatenverwalten/hauptwasserzaehler': lazy(
    () => import('../modules/stammdaten/hauptwasserzaehler/HauptwasserzaehlerScreen'),
  ),
  '/wasserbuch/zaehlerwechsel': lazy(() => import('../modules/wasserbuch/zaehlerwechsel/ZaehlerwechselScreen')),
  '/stammdatenverwalten/parzellen': lazy(() => import('../modules/stammdaten/parzellen/ParzellenScreen')),
  '/stammdatenverwalten/gruppen': lazy(() => import('../modules/stammdaten/gruppen/GruppenScreen')),
  '/stammdatenverwalten/funktionen': lazy(() => import('../modules/stammdaten/funktionen/FunktionenScreen')),
  '/stammdatenverwalten/listen': lazy(() => import('../modules/stammdaten/listen/ListenScreen')),
  '/stammdatenverwalten/nutzungsberechtigte': lazy(
    () => import('../modules/stammdaten/nutzungsberechtigte/NutzungsberechtigteScreen'),
  ),
  '/stammdatenverwalten/funktionaer': lazy(() => import('../modules/stammdaten/funktionaere/FunktionaereScreen')),
  '/stammdatenverwalten/abstellplaetze': lazy(
    () => import('../modules/stammdaten/abstellplaetze/AbstellplaetzeScreen'),
  ),
  '/basisdatenabrechnung/wasserabrechnung/abrechnung': lazy(
    () => import('../modules/wasserbuch/basisdaten/WassergrunddatenScreen'),
  ),
  '/wasserbuch/wasserabrechnung/jahresabrechnung': lazy(
    () => import('../modules/wasserbuch/jahresabrechnung/JahresabrechnungScreen'),
  ),
  '/wasserbuch/wasserablesung': lazy(() => import('../modules/wasserbuch/ablesung/WasserablesungScreen')),
  '/jahresabrechnung/zahlungsvorschreibung': lazy(
    () => import('../modules/abrechnung/zahlungsvorschreibung/ZahlungsvorschreibungScreen'),
  ),
  '/jahresabrechnung/pachtzinsliste': lazy(() => import('../modules/abrechnung/pachtzinsliste/PachtzinslisteScreen')),
  '/basisdatenabrechnung/pachteinstellungen/pachtberechnungen': lazy(
    () => import('../modules/abrechnung/pachtberechnung/PachtberechnungenScreen'),
  ),
  '/basisdatenabrechnung/vereinsabrechnung': lazy(
    () => import('../modules/abrechnung/vereinsabrechnung/VereinsabrechnungScreen'),
  ),
  '/basisdatenabrechnung/gruppenabrechnung': lazy(
    () => import('../modules/abrechnung/gruppenabrechnung/GruppenabrechnungScreen'),
  ),
  '/jahresabrechnung/gruppenrechnungen': lazy(
    () => import('../modules/abrechnung/gruppenrechnungen/GruppenrechnungenScreen'),
  ),
  '/jahresabrechnung/weiteremitgliedschaften': lazy(
    () => import('../modules/abrechnung/weitereMitgliedschaften/WeitereMitgliedschaftenScreen'),
  ),
  '/wasserbuch/wasserrechnungen': lazy(() => import('../modules/abrechnung/wasserrechnungen/WasserrechnungenScreen')),
  '/kassa/kassabuch': lazy(() => import('../modules/kassa/kassabuch/KassabuchScreen')),
  '/rechnungen/rechnungsuebersicht': lazy(() => import('../modules/rechnungen/uebersicht/RechnungsuebersichtScreen')),
  '/rechnungen/kontoauszug': lazy(() => import('../modules/rechnungen/kontoauszug/KontoauszugScreen')),
  '/rechnungen/versicherungen': lazy(() => import('../modules/rechnungen/versicherungen/VersicherungenScreen')),
  '/rechnungen/zuklaeren': lazy(() => import('../modules/rechnungen/zuKlaeren/ZuKlaerenScreen')),
  '/rechnungen/mahnlauf': lazy(() => import('../modules/rechnungen/mahnlauf/MahnlaufScreen')),
  '/kassa/belegsuchen': lazy(() => import('../modules/kassa/belegsuche/BelegsucheScreen')),
  '/kassa/kassabericht': lazy(() => import('../modules/kassa/berichte/KassaberichtScreen')),
  '/kassa/kontobericht': lazy(() => import('../modules/kassa/berichte/KontoberichtScreen')),
  '/kassa/steuerbericht': lazy(() => import('../modules/kassa/berichte/SteuerberichtScreen')),
  '/kassa/kostenaufstellung': lazy(() => import('../modules/kassa/berichte/KostenaufstellungScreen')),
  '/kassa/anlagebericht': lazy(() => import('../modules/kassa/berichte/AnlageberichtScreen')),
  '/basisdatenabrechnung/kassaabrechnung': lazy(() => import('../modules/kassa/kassaabrechnung/KassaabrechnungScreen')),
  '/kassa/konten': lazy(() => import('../modules/kassa/konten/KontenScreen')),
  '/kassa/buchungskonten': lazy(() => import('../modules/kassa/buchungskonten/BuchungskontenScreen')),
  '/kassa/kostenstellen': lazy(() => import('../modules/kassa/kostenstellen/KostenstellenScreen')),
  '/kassa/zuordnungparzellenspezifisch': lazy(() => import('../modules/kassa/zuordnung/ZuordnungScreen')),
  '/kassa/anlageverzeichnis': lazy(() => import('../modules/kassa/anlageverzeichnis/AnlageverzeichnisScreen')),
  '/profil': lazy(() => import('../modules/user/ProfilScreen')),
  '/grundeinstellungen/benutzer': lazy(() => import('../modules/user/BenutzerScreen')),
};

/** Whether the client route has its screen; the others show the PlaceholderScreen ("in Arbeit"). */
export function isBuilt(path: string): boolean {
  return Object.hasOwn(SCREENS, path);
}

/** Reachable without a session; rendered without the shell. /logout works in both states. */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { path: '/login', title: 'Anmelden', group: null, screen: lazy(() => import('../modules/user/LoginScreen')) },
  {
    path: '/forgotpassword',
    title: 'Passwort vergessen',
    group: null,
    screen: lazy(() => import('../modules/user/ForgotPasswordScreen')),
  },
  {
    path: '/resetpassword',
    title: 'Passwort zurücksetzen',
    group: null,
    screen: lazy(() => import('../modules/user/ResetPasswordScreen')),
  },
  {
    path: '/404',
    title: 'Seite nicht gefunden',
    group: null,
    screen: lazy(() => import('../modules/common/NotFoundScreen')),
  },
  { path: '/logout', title: 'Abmelden', group: null, screen: lazy(() => import('../modules/user/LogoutScreen')) },
];

/** Every signed-in route: the menu's links plus the user menu's Profil. */
export const SHELL_ROUTES: readonly AppRoute[] = [
  ...MENU.flatMap((group) =>
    group.items.flatMap((item): AppRoute[] => {
      if (item.kind !== 'route') return [];
      const screen = SCREENS[item.path];
      return [
        {
          path: item.path,
          title: item.title,
          group: group.title,
          ...(item.rights ? { rights: item.rights } : {}),
          ...(screen ? { screen } : {}),
        },
      ];
    }),
  ),
  { path: '/profil', title: 'Profil', group: 'Benutzer', screen: SCREENS['/profil'] },
];

export const ROUTES: readonly AppRoute[] = [...PUBLIC_ROUTES, ...SHELL_ROUTES];

export function findRoute<R extends AppRoute>(parser: Parser, path: string, routes: readonly R[]): R | undefined {
  return routes.find((route) => matchRoute(parser, route.path, path)[0]);
}

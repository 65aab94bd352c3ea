import type { Browser, Locator, Page } from 'playwright-core';
import type { AppServices as Services } from '../../src/platform/services';
import {
  buildAdresse,
  buildHauptwasserzaehler,
  buildPachtabrechnung,
  buildPachtverhaeltnis,
  buildParzelle,
} from '../helpers/factories';
import type { TestApp } from '../helpers/testApp';
import { launchBrowser, newPage, signIn } from './browser';

// What the water book's browser tests share: DOMAIN.md's water example (one main meter, three
// plots with their holders, the billing year 2026) and a signed-in browser at the club's laptop
// size (UI.md: screens work at 1366 px).

export interface DomainBeispiel {
  hwz: number;
  p1: number;
  p2: number;
  p3: number;
  /** The Pachtabrechnung (billing year) 2026. */
  jahr: number;
}

/** Main meter HWZ-1 and plots 1–3 (meters WZ-1…WZ-3) of Eva Huber, Gruber and Wagner; the year 2026. */
export async function buildDomainBeispiel(s: Services): Promise<DomainBeispiel> {
  const hwz = await buildHauptwasserzaehler(s, { nummer: 'HWZ-1' });
  const plots: number[] = [];
  for (const [n, name] of [
    ['1', 'Huber'],
    ['2', 'Gruber'],
    ['3', 'Wagner'],
  ] as const) {
    const p = await buildParzelle(s, { nummer: n, wasserzaehlerNummer: `WZ-${n}`, hauptwasserzaehlerId: hwz.id });
    plots.push(p.id);
    const a = await buildAdresse(s, { nachname: name, vorname: 'Eva' });
    await buildPachtverhaeltnis(s, { parzelleId: p.id, adresseId: a.id, von: '2020-01-01' });
  }
  const [p1 = 0, p2 = 0, p3 = 0] = plots;
  const jahr = await buildPachtabrechnung(s, 2026);
  return { hwz: hwz.id, p1, p2, p3, jahr: jahr.id };
}

/** A browser signed in as `email`, 1366 × 900 (tall enough that the toasts stay below a table). */
export async function openSignedIn(app: TestApp, email: string, password: string) {
  const browser: Browser = await launchBrowser();
  const page: Page = await newPage(browser, app.url);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, email, password);
  await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
  return { browser, page };
}

/** An element's text with its white space (line breaks between cells, no-break spaces) as single spaces. */
export async function flatText(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\s+/g, ' ');
}

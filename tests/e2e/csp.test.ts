import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildParzelle } from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { launchBrowser, newPage, signIn } from './browser';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  await buildParzelle(app.services, { nummer: 'CSP-1', flaeche: '300' });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/**
 * Collects every way a Content-Security-Policy complaint reaches a user with the developer tools
 * open: console.* messages that mention it, Chromium's own console entries and its Issues panel
 * (a blocked eval that the page catches shows up there as "Content Security Policy of your site
 * blocks the use of 'eval'"; both come through the DevTools protocol, as Playwright's `console`
 * event carries only console.* calls), and the page's `securitypolicyviolation` events.
 */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const complaints: string[] = [];
  const isCsp = (text: string) => /content security policy|unsafe-eval/i.test(text);
  page.on('console', (msg) => {
    if (isCsp(msg.text())) complaints.push(msg.text());
  });
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Log.entryAdded', ({ entry }) => {
    if (isCsp(entry.text)) complaints.push(entry.text);
  });
  cdp.on('Audits.issueAdded', ({ issue }) => {
    const csp = issue.details.contentSecurityPolicyIssueDetails;
    if (issue.code === 'ContentSecurityPolicyIssue' && csp) {
      complaints.push(`issue: ${csp.violatedDirective} ${csp.contentSecurityPolicyViolationType}`);
    }
  });
  await cdp.send('Log.enable');
  await cdp.send('Audits.enable');
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [
    ...complaints,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
  ];
}

describe('Content-Security-Policy in the browser', () => {
  it('shows no CSP complaint while a user signs in, edits a Parzelle and saves it', async () => {
    const page = await newPage(browser, app.url);
    const complaints = await watchCsp(page);
    await signIn(page, 'admin@test.kgv', TEST_PASSWORD);
    await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();

    // The page is left through client-side links only, so the watcher keeps what it collected.
    await page
      .getByRole('navigation', { name: 'Hauptmenü' })
      .getByRole('link', { name: 'Parzellen', exact: true })
      .click();
    await page.getByRole('grid', { name: 'Parzellen' }).getByText('CSP-1', { exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Fläche/ }).fill('350');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect
      .poll(async () =>
        Number((await app.services.db('parzellen').where({ nummer: 'CSP-1' }).first('flaeche'))?.flaeche),
      )
      .toBe(350);

    expect(await complaints()).toEqual([]);
    await page.context().close();
  });
});

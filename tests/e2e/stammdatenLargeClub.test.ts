import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateClub } from '../helpers/generateClub';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';
import { launchBrowser, newPage, signIn } from './browser';

// The issue asks for lists that stay usable with 2,000 rows. Speed is the benchmark's business;
// here we check the behaviour that makes it possible: the table knows all rows but renders only
// the visible ones, scrolls and moves by keyboard to the end, and search and sort work on all rows.

let app: TestApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startTestApp();
  await generateClub(app.services.db, 2000, 2500);
  browser = await launchBrowser();
  page = await newPage(browser, app.url);
  await signIn(page, 'admin@test.kgv', TEST_PASSWORD);
  await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const renderedRows = (grid: ReturnType<Page['getByRole']>) => grid.locator('[role="row"]').count();

describe('A club with 2,000 plots and 2,500 addresses in the browser', () => {
  it('Parzellen: all rows known, few rendered, keyboard to the last plot, search and sort over all', async () => {
    await page.goto('/stammdatenverwalten/parzellen');
    const grid = page.getByRole('grid', { name: 'Parzellen' });
    await grid.getByText('1', { exact: true }).first().waitFor();
    expect(await grid.getAttribute('aria-rowcount')).toBe('2001');
    expect(await renderedRows(grid)).toBeLessThan(150);
    await expect.poll(() => page.getByText('2000 Parzellen').count()).toBeGreaterThan(0);

    // Keyboard: into the first cell, then Ctrl+End to the last row; the table scrolls there.
    await grid.getByRole('rowheader').first().focus();
    await page.keyboard.press('Control+End');
    await expect.poll(() => grid.getByRole('rowheader', { name: '2000', exact: true }).count()).toBe(1);
    await expect.poll(() => grid.getByRole('rowheader', { name: '1', exact: true }).count()).toBe(0);
    await page.keyboard.press('Control+Home');
    await expect.poll(() => grid.getByRole('rowheader', { name: '1', exact: true }).count()).toBe(1);

    // Scrolling with the wheel moves the window of rendered rows.
    await grid.hover();
    // Chromium caps one wheel event's delta: scroll in steps, as a hand on a mouse wheel would.
    // (The focused row 1 stays rendered off screen, as React Aria keeps focus alive.)
    for (let i = 0; i < 10; i++) await page.mouse.wheel(0, 1000);
    await expect
      .poll(async () => Math.max(...(await grid.getByRole('rowheader').allTextContents()).map(Number)))
      .toBeGreaterThan(150);
    expect(await renderedRows(grid)).toBeLessThan(150);

    await page.getByRole('searchbox').fill('1999');
    await expect.poll(() => grid.getAttribute('aria-rowcount')).toBe('2');
    await expect.poll(() => grid.getByRole('rowheader', { name: '1999', exact: true }).count()).toBe(1);
    await page.getByRole('searchbox').fill('');
    await expect.poll(() => grid.getAttribute('aria-rowcount')).toBe('2001');

    // Sorting by number descending puts plot 2000 first.
    await grid.getByRole('columnheader', { name: 'Nummer' }).click();
    await expect.poll(() => grid.getByRole('rowheader').first().textContent()).toBe('2000');
  }, 120_000);

  it('Nutzungsberechtigte: 2,500 addresses, few rendered, search finds one among all', async () => {
    await page.goto('/stammdatenverwalten/nutzungsberechtigte');
    const grid = page.getByRole('grid').first();
    await grid.locator('[role="row"]').nth(1).waitFor();
    const rowCount = Number(await grid.getAttribute('aria-rowcount'));
    expect(rowCount).toBeGreaterThanOrEqual(2501);
    expect(await renderedRows(grid)).toBeLessThan(150);
    await page.getByRole('searchbox').fill('Steiner2495');
    await expect.poll(() => grid.getAttribute('aria-rowcount')).toBe('2');
    await expect.poll(() => grid.getByText(/Steiner2495/).count()).toBeGreaterThan(0);
  }, 120_000);
});

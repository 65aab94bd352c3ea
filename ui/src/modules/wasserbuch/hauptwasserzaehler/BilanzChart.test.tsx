import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProvider } from '../../../testing/renderWithProvider';
import { BilanzChart, chartPeriods, chartSummary } from './BilanzChart';
import type { Bilanz, BilanzPunkt } from './bilanzApi';

const punkt = (over: Partial<BilanzPunkt>): BilanzPunkt => ({
  datum: '2025-04-01',
  stand: '100.000',
  verbrauch: null,
  summeParzellen: null,
  anzahlParzellen: 3,
  anzahlGelesen: 3,
  schwund: null,
  schwundProzent: null,
  warnung: false,
  hinweis: null,
  ...over,
});

const BILANZ: Bilanz = {
  id: 1,
  nummer: 'HWZ-1',
  warnProzent: '30',
  punkte: [
    punkt({ datum: '2025-04-01' }),
    punkt({
      datum: '2025-10-01',
      stand: '200.000',
      verbrauch: '100.000',
      summeParzellen: '90.000',
      schwund: '10.000',
      schwundProzent: '10.0',
    }),
    punkt({
      datum: '2026-04-01',
      stand: '320.000',
      verbrauch: '120.000',
      summeParzellen: '78.000',
      schwund: '42.000',
      schwundProzent: '35.0',
      warnung: true,
      hinweis: '1 Parzelle ohne Ablesung',
      anzahlGelesen: 2,
    }),
  ],
};

let unmount: (() => Promise<void>) | undefined;
afterEach(async () => {
  await unmount?.();
  unmount = undefined;
});

describe('BilanzChart', () => {
  it('draws a bar pair per period, the loss line, the dashed threshold and the point above it in red with its label', async () => {
    const view = await renderWithProvider(<BilanzChart bilanz={BILANZ} />);
    unmount = view.unmount;
    const svg = view.container.querySelector('svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    // Two periods (the first reading has no volume yet): two bars each.
    expect(svg.querySelectorAll('[data-period] rect')).toHaveLength(4);
    const points = [...svg.querySelectorAll('[data-warnung]')];
    expect(points.map((p) => p.getAttribute('data-warnung'))).toEqual(['nein', 'ja']);
    expect(points[1]?.textContent?.replace(/\u00a0/g, ' ')).toBe('35,0 % – zu hoch');
    expect(points[0]?.textContent).toBe('');
    const threshold = svg.querySelector('[data-testid="warnschwelle"]')!;
    expect(threshold.getAttribute('stroke-dasharray')).toBe('6 4');
    // The red point lies above the threshold line, the other one below it (SVG y grows downwards).
    const y = (el: Element | undefined) => Number(el?.querySelector('circle')?.getAttribute('cy'));
    expect(y(points[1])).toBeLessThan(Number(threshold.getAttribute('y1')));
    expect(y(points[0])).toBeGreaterThan(Number(threshold.getAttribute('y1')));
    expect(svg.textContent).toContain('01.10.2025');
  });

  it('says in words what the chart shows', () => {
    const text = chartSummary(BILANZ, chartPeriods(BILANZ)).replace(/\u00a0/g, ' ');
    expect(text).toBe(
      'Bilanz Hauptwasserzähler HWZ-1: 2 Zeiträume mit Ablesungen vom 01.10.2025 bis 01.04.2026. ' +
        'Schwund zwischen 10,0 % und 35,0 %. Warnschwelle 30,0 %. Über der Warnschwelle: 01.04.2026 (35,0 %).',
    );
    expect(chartSummary({ ...BILANZ, punkte: BILANZ.punkte.slice(0, 1) }, [])).toBe(
      'Bilanz Hauptwasserzähler HWZ-1: noch kein Zeitraum mit zwei Ablesungen.',
    );
  });
});

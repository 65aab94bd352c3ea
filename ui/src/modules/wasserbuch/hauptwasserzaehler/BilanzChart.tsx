import { formatGermanDate } from '../../../../../src/platform/dates';
import type { Bilanz } from './bilanzApi';

// The main-meter balance as a chart, drawn by hand in SVG (no chart library for one chart): per
// period the main meter's volume beside the plots' sum (bars, m³ on the left axis), the loss in %
// as a line (right axis), the warning threshold dashed, the points above it red with their value.
// The chart is one image for screen readers (role img with a summary in words); the table beside
// it is the accessible version with every number.

const WIDTH = 760;
const HEIGHT = 320;
const M = { top: 28, right: 56, bottom: 64, left: 72 };
const PLOT_W = WIDTH - M.left - M.right;
const PLOT_H = HEIGHT - M.top - M.bottom;

const COLORS = {
  main: 'var(--spectrum-global-color-blue-500, #2680eb)',
  plots: 'var(--spectrum-global-color-seafoam-400, #20a3a8)',
  line: 'var(--spectrum-global-color-gray-800, #323232)',
  warn: 'var(--spectrum-global-color-red-600, #c9252d)',
  grid: 'var(--spectrum-global-color-gray-300, #d0d0d0)',
  text: 'var(--spectrum-global-color-gray-800, #323232)',
};

/** An outline in the page's colour under a label, so it stays readable where it crosses a bar or the line. */
const HALO = {
  stroke: 'var(--spectrum-global-color-gray-50, white)',
  strokeWidth: 4,
  paintOrder: 'stroke',
  strokeLinejoin: 'round',
} as const;

/** The chart's short labels: one decimal (the table beside it shows the server's two). */
function chartPercent(value: number): string {
  return `${value.toLocaleString('de-AT', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
}

const formatVolume = (value: number) => `${value.toLocaleString('de-AT', { maximumFractionDigits: 0 })} m³`;

/** A round upper end for an axis: 1, 2, 2.5 or 5 times a power of ten. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export interface ChartPeriod {
  datum: string;
  verbrauch: number;
  summeParzellen: number | null;
  schwundProzent: number | null;
  warnung: boolean;
}

/** The periods the chart draws: every reading date with a volume since the previous one. */
export function chartPeriods(bilanz: Bilanz): ChartPeriod[] {
  return bilanz.punkte.flatMap((p) =>
    p.verbrauch === null
      ? []
      : [
          {
            datum: p.datum,
            verbrauch: Number(p.verbrauch),
            summeParzellen: p.summeParzellen === null ? null : Number(p.summeParzellen),
            schwundProzent: p.schwundProzent === null ? null : Number(p.schwundProzent),
            warnung: p.warnung,
          },
        ],
  );
}

/** The chart in words, for screen readers. */
export function chartSummary(bilanz: Bilanz, periods: readonly ChartPeriod[]): string {
  const warn = Number(bilanz.warnProzent);
  const head = `Bilanz Hauptwasserzähler ${bilanz.nummer}`;
  if (periods.length === 0) return `${head}: noch kein Zeitraum mit zwei Ablesungen.`;
  const first = periods[0]!;
  const last = periods.at(-1)!;
  const pcts = periods.flatMap((p) => (p.schwundProzent === null ? [] : [p.schwundProzent]));
  const range =
    pcts.length === 0
      ? 'Schwund nicht berechenbar.'
      : `Schwund zwischen ${chartPercent(Math.min(...pcts))} und ${chartPercent(Math.max(...pcts))}.`;
  const above = periods.filter((p) => p.warnung);
  const warning =
    above.length === 0
      ? 'Kein Zeitraum über der Warnschwelle.'
      : `Über der Warnschwelle: ${above
          .map(
            (p) => `${formatGermanDate(p.datum)} (${p.schwundProzent === null ? '–' : chartPercent(p.schwundProzent)})`,
          )
          .join(', ')}.`;
  const span =
    periods.length === 1
      ? `1 Zeitraum bis ${formatGermanDate(last.datum)}`
      : `${periods.length} Zeiträume mit Ablesungen vom ${formatGermanDate(first.datum)} bis ${formatGermanDate(last.datum)}`;
  return `${head}: ${span}. ${range} Warnschwelle ${chartPercent(warn)}. ${warning}`;
}

export function BilanzChart({ bilanz }: { bilanz: Bilanz }) {
  const periods = chartPeriods(bilanz);
  const summary = chartSummary(bilanz, periods);
  const warn = Number(bilanz.warnProzent);
  const volumeMax = niceMax(Math.max(0, ...periods.flatMap((p) => [p.verbrauch, p.summeParzellen ?? 0])));
  const pcts = periods.flatMap((p) => (p.schwundProzent === null ? [] : [p.schwundProzent]));
  const pctMin = Math.min(0, ...pcts) < 0 ? -niceMax(-Math.min(...pcts)) : 0;
  const pctMax = niceMax(Math.max(warn * 1.25, 10, ...pcts));
  const yVolume = (v: number) => M.top + PLOT_H - (v / volumeMax) * PLOT_H;
  const yPct = (v: number) => M.top + PLOT_H - ((v - pctMin) / (pctMax - pctMin)) * PLOT_H;
  const group = PLOT_W / Math.max(periods.length, 1);
  const bar = Math.min(36, group * 0.3);
  const cx = (i: number) => M.left + group * i + group / 2;
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const line = periods
    .map((p, i) => (p.schwundProzent === null ? null : `${cx(i)},${yPct(p.schwundProzent)}`))
    .filter(Boolean)
    .join(' ');

  return (
    <svg
      role="img"
      aria-label={summary}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      style={{ maxWidth: WIDTH, display: 'block' }}
      fontSize={12}
      fill={COLORS.text}
    >
      <title>{summary}</title>
      {ticks.map((t) => (
        <g key={t}>
          <line
            x1={M.left}
            x2={M.left + PLOT_W}
            y1={yVolume(t * volumeMax)}
            y2={yVolume(t * volumeMax)}
            stroke={COLORS.grid}
          />
          <text x={M.left - 6} y={yVolume(t * volumeMax) + 4} textAnchor="end">
            {formatVolume(t * volumeMax)}
          </text>
          <text x={M.left + PLOT_W + 6} y={yPct(pctMin + t * (pctMax - pctMin)) + 4}>
            {`${(pctMin + t * (pctMax - pctMin)).toLocaleString('de-AT', { maximumFractionDigits: 1 })} %`}
          </text>
        </g>
      ))}
      {periods.map((p, i) => (
        <g key={p.datum} data-period={p.datum}>
          <rect
            x={cx(i) - bar - 1}
            y={yVolume(p.verbrauch)}
            width={bar}
            height={yVolume(0) - yVolume(p.verbrauch)}
            fill={COLORS.main}
          />
          {p.summeParzellen === null ? null : (
            <rect
              x={cx(i) + 1}
              y={yVolume(Math.max(0, p.summeParzellen))}
              width={bar}
              height={yVolume(0) - yVolume(Math.max(0, p.summeParzellen))}
              fill={COLORS.plots}
            />
          )}
          <text x={cx(i)} y={M.top + PLOT_H + 18} textAnchor="middle">
            {formatGermanDate(p.datum)}
          </text>
        </g>
      ))}
      <line
        data-testid="warnschwelle"
        x1={M.left}
        x2={M.left + PLOT_W}
        y1={yPct(warn)}
        y2={yPct(warn)}
        stroke={COLORS.warn}
        strokeDasharray="6 4"
        strokeWidth={1.5}
      />
      <text x={M.left + PLOT_W - 4} y={yPct(warn) - 6} textAnchor="end" fill={COLORS.warn} {...HALO}>
        {`Warnschwelle ${chartPercent(warn)}`}
      </text>
      {line ? <polyline points={line} fill="none" stroke={COLORS.line} strokeWidth={2} /> : null}
      {periods.map((p, i) =>
        p.schwundProzent === null ? null : (
          <g key={p.datum} data-warnung={p.warnung ? 'ja' : 'nein'}>
            <circle
              cx={cx(i)}
              cy={yPct(p.schwundProzent)}
              r={p.warnung ? 6 : 4}
              fill={p.warnung ? COLORS.warn : COLORS.line}
              stroke="var(--spectrum-global-color-gray-50, white)"
              strokeWidth={1.5}
            />
            {p.warnung ? (
              <text
                x={cx(i)}
                y={yPct(p.schwundProzent) - 12}
                textAnchor="middle"
                fill={COLORS.warn}
                fontWeight="bold"
                {...HALO}
              >
                {`${chartPercent(p.schwundProzent)} – zu hoch`}
              </text>
            ) : null}
          </g>
        ),
      )}
      <g transform={`translate(${M.left}, ${HEIGHT - 22})`}>
        <rect width={12} height={12} y={-10} fill={COLORS.main} />
        <text x={18}>Hauptwasserzähler (m³)</text>
        <rect x={190} width={12} height={12} y={-10} fill={COLORS.plots} />
        <text x={208}>Summe Parzellen (m³)</text>
        <line x1={370} x2={392} y1={-4} y2={-4} stroke={COLORS.line} strokeWidth={2} />
        <text x={398}>Schwund in %</text>
        <line x1={500} x2={522} y1={-4} y2={-4} stroke={COLORS.warn} strokeDasharray="6 4" strokeWidth={1.5} />
        <text x={528}>Warnschwelle</text>
      </g>
    </svg>
  );
}

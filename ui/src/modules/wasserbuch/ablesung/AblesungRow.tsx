import { type KeyboardEvent, memo } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { formatCubic } from '../../../lib/format';
import { formatVerbrauch } from './readingLogic';
import type { RowView } from './useRundeEingabe';

// One row of the reading round: the meter, its last reading and consumption, the input, the live
// consumption, the status with the plausibility flags, the note. Memoised: typing in one row
// re-renders that row only, so a round of 2,000 plots stays quick.

export const BESTAETIGEN_HINWEIS = 'Noch einmal Enter speichert den Wert trotzdem.';

/** "Parzelle 17" or "Hauptwasserzähler HWZ-1" (the row's name for screen readers and messages). */
export function rowName(view: Pick<RowView, 'row'>): string {
  const { row } = view;
  if (row.parzelleId !== null) return `Parzelle ${row.parzelleNummer ?? row.parzelleId}`;
  return `Hauptwasserzähler ${row.hauptwasserzaehlerNummer ?? row.hauptwasserzaehlerId}`;
}

export interface AblesungRowProps {
  view: RowView;
  focused: boolean;
  /** Without the Edit right: the values are shown, not typed. */
  readOnly: boolean;
  inputRef: (id: number, element: HTMLInputElement | null) => void;
  onInput: (id: number, value: string) => void;
  onNotiz: (id: number, value: string) => void;
  onKeyDown: (id: number, event: KeyboardEvent<HTMLInputElement>, field: 'stand' | 'notiz') => void;
  onFocus: (id: number) => void;
  onLeave: (id: number) => void;
  onKeepMine: (id: number) => void;
  onTakeTheirs: (id: number) => void;
}

function StatusCell({ view }: { view: RowView }) {
  const { local, pruefung, row, dirty } = view;
  const lines: { text: string; tone: 'ok' | 'busy' | 'error' | 'warn' | 'quiet' }[] = [];
  if (local.status === 'speichert') lines.push({ text: 'wird gespeichert …', tone: 'busy' });
  else if (local.status === 'fehler' || local.status === 'konflikt')
    lines.push({ text: `Fehler: ${local.fehler ?? ''}`, tone: 'error' });
  else if (dirty) lines.push({ text: 'noch nicht gespeichert', tone: 'quiet' });
  else if (row.stand !== null || local.status === 'gespeichert') lines.push({ text: 'gespeichert ✓', tone: 'ok' });
  else lines.push({ text: 'nicht abgelesen', tone: 'quiet' });
  for (const warnung of pruefung.warnungen) lines.push({ text: `⚠ ${warnung}`, tone: 'warn' });
  if (local.bestaetigt && pruefung.kleiner) lines.push({ text: BESTAETIGEN_HINWEIS, tone: 'warn' });
  return (
    <>
      {lines.map((line) => (
        <span key={line.text} className={`kgv-runde-status kgv-runde-status--${line.tone}`}>
          {line.text}
        </span>
      ))}
    </>
  );
}

function AblesungRowImpl(props: AblesungRowProps) {
  const { view } = props;
  const { row, zeile } = view;
  const id = row.id;
  const name = rowName(view);
  const statusId = `ablesung-status-${id}`;
  const istHwz = row.parzelleId === null;
  return (
    <>
      <tr
        className={`kgv-runde-row${props.focused ? ' kgv-runde-row--focused' : ''}${istHwz ? ' kgv-runde-row--hwz' : ''}`}
        data-ablesung={id}
      >
        <th scope="row">
          {istHwz ? (
            <>
              <span className="kgv-runde-small kgv-runde-block">Hauptwasserzähler</span> {row.hauptwasserzaehlerNummer}
            </>
          ) : (
            <>
              {row.parzelleNummer}
              {zeile.hauptwasserzaehlerNummer ? (
                <span className="kgv-runde-small"> · {zeile.hauptwasserzaehlerNummer}</span>
              ) : null}
            </>
          )}
        </th>
        <td className="kgv-runde-name">{zeile.adresseName ?? ''}</td>
        <td>
          <span className="kgv-runde-nowrap">{row.zaehlernummer}</span>
          {row.isZaehlerwechsel ? (
            <span className="kgv-runde-small kgv-runde-block">Endstand (Zählerwechsel)</span>
          ) : null}
        </td>
        <td className="kgv-runde-num">
          {zeile.letzteAblesung ? (
            <>
              {formatCubic(zeile.letzteAblesung.stand)}{' '}
              <span className="kgv-runde-small kgv-runde-block">am {formatGermanDate(zeile.letzteAblesung.datum)}</span>
            </>
          ) : (
            <span className="kgv-runde-small">keine</span>
          )}
        </td>
        <td className="kgv-runde-num">{formatCubic(zeile.letzterVerbrauch)}</td>
        <td>
          <input
            ref={(element) => props.inputRef(id, element)}
            className="kgv-runde-input"
            aria-label={`Stand ${name} (m³)`}
            aria-describedby={statusId}
            aria-invalid={view.local.status === 'fehler' || view.pruefung.fehler !== null}
            inputMode="decimal"
            readOnly={props.readOnly}
            autoComplete="off"
            value={view.input}
            onChange={(event) => props.onInput(id, event.target.value)}
            onKeyDown={(event) => props.onKeyDown(id, event, 'stand')}
            onFocus={(event) => {
              event.target.select();
              props.onFocus(id);
            }}
            onBlur={() => props.onLeave(id)}
          />
        </td>
        <td className="kgv-runde-num">{formatVerbrauch(view.pruefung.verbrauch)}</td>
        <td id={statusId} className="kgv-runde-statuscol" aria-live="polite">
          <StatusCell view={view} />
        </td>
        <td>
          <input
            className="kgv-runde-input kgv-runde-notiz"
            aria-label={`Notiz ${name}`}
            autoComplete="off"
            readOnly={props.readOnly}
            maxLength={5000}
            value={view.notiz}
            onChange={(event) => props.onNotiz(id, event.target.value)}
            onKeyDown={(event) => props.onKeyDown(id, event, 'notiz')}
            onFocus={() => props.onFocus(id)}
            onBlur={() => props.onLeave(id)}
          />
        </td>
      </tr>
      {view.local.status === 'konflikt' ? (
        <tr className="kgv-runde-konflikt">
          <td colSpan={9}>
            <span>
              {name}: {view.local.fehler}{' '}
              {view.local.konflikt
                ? `Dort gespeichert: ${view.local.konflikt.stand === null ? 'kein Stand' : formatCubic(view.local.konflikt.stand)}${view.local.konflikt.notiz ? ` („${view.local.konflikt.notiz}“)` : ''}. Ihr Wert: ${view.input === '' ? 'kein Stand' : `${view.input} m³`}.`
                : ''}
            </span>
            <button type="button" className="kgv-runde-button" onClick={() => props.onKeepMine(id)}>
              Meinen Wert speichern
            </button>
            {view.local.konflikt ? (
              <button type="button" className="kgv-runde-button" onClick={() => props.onTakeTheirs(id)}>
                Anderen Wert übernehmen
              </button>
            ) : null}
          </td>
        </tr>
      ) : null}
    </>
  );
}

export const AblesungRow = memo(AblesungRowImpl);

import { ActionButton, Item, Menu, MenuTrigger, Text } from '@adobe/react-spectrum';
import Edit from '@spectrum-icons/workflow/Edit';
import LockClosed from '@spectrum-icons/workflow/LockClosed';
import More from '@spectrum-icons/workflow/More';
import Visibility from '@spectrum-icons/workflow/Visibility';
import { type DragEvent, useRef, useState } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { Geld } from '../Geld';
import { BelegeKnopf } from './BelegeKnopf';
import { BELEG_ACCEPT, type Eintrag, eigenbelegUrl } from './kassabuchApi';
import '../../../components/denseTable.css';

// The entries as a plain table: a row takes receipts dropped on it (files from the desktop),
// checked rows are greyed with a lock, reversals are marked. Spectrum's TableView would virtualise
// the rows away and has no file drop on a row; a cash book year has a few hundred to a few
// thousand entries, so the first ZEILEN_SCHRITT are drawn and more on request.

const ZEILEN_SCHRITT = 500;

export type ZeilenAktion = 'bearbeiten' | 'storno' | 'eigenbeleg';

export interface KassabuchTabelleProps {
  eintraege: readonly Eintrag[];
  canEdit: boolean;
  /** Entries of a closed period: no change, no delete (Storno still: its counter entry is booked today). */
  geschlossen: boolean;
  onAktion: (eintrag: Eintrag, aktion: ZeilenAktion) => void;
  onBelege: (eintrag: Eintrag, files: File[]) => void;
}

const hatDateien = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

export function KassabuchTabelle({ eintraege, canEdit, geschlossen, onAktion, onBelege }: KassabuchTabelleProps) {
  const [grenze, setGrenze] = useState(ZEILEN_SCHRITT);
  const [ziel, setZiel] = useState<number | null>(null);
  const dateiwahl = useRef<HTMLInputElement>(null);
  const anhaengenAn = useRef<Eintrag | null>(null);
  const belegNr = new Map(eintraege.map((e) => [e.id, e.belegnummer]));
  const gezeigt = eintraege.slice(0, grenze);

  function anhaengen(eintrag: Eintrag) {
    anhaengenAn.current = eintrag;
    dateiwahl.current?.click();
  }

  return (
    <div className="kgv-dense-frame kgv-kb-frame">
      <input
        ref={dateiwahl}
        type="file"
        multiple
        accept={BELEG_ACCEPT}
        hidden
        aria-label="Beleg-Dateien wählen"
        data-testid="beleg-datei"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          const eintrag = anhaengenAn.current;
          event.target.value = '';
          if (eintrag && files.length) onBelege(eintrag, files);
        }}
      />
      <table className="kgv-dense-table kgv-kb-table" aria-label="Kassabuch">
        <thead>
          <tr>
            <th scope="col" className="kgv-kb-num">
              Beleg-Nr.
            </th>
            <th scope="col">Datum</th>
            <th scope="col">Konto</th>
            <th scope="col">Buchungskonto</th>
            <th scope="col">Kostenstelle</th>
            <th scope="col">Text</th>
            <th scope="col" className="kgv-kb-num">
              Einnahme
            </th>
            <th scope="col" className="kgv-kb-num">
              Ausgabe
            </th>
            <th scope="col" className="kgv-kb-num">
              Saldo des Kontos
            </th>
            <th scope="col">Belege</th>
            <th scope="col">
              <span className="kgv-kb-sr">Aktionen</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {gezeigt.map((e) => {
            // Also in a closed period: the counter entry goes into today's open period (same account numbers).
            const stornierbar = canEdit && e.stornoVonId === null && e.storniertDurchId === null;
            // A reversal pair is not changed (the server answers 409): only looked at.
            const aendern = canEdit && !geschlossen && !e.geprueft && stornierbar;
            const klassen = ['kgv-kb-row'];
            if (e.geprueft) klassen.push('kgv-kb-row--geprueft');
            if (ziel === e.id) klassen.push('kgv-kb-row--ziel');
            const dropProps = canEdit
              ? {
                  onDragOver: (event: DragEvent) => {
                    if (!hatDateien(event)) return;
                    event.preventDefault();
                    event.dataTransfer.dropEffect = 'copy';
                    if (ziel !== e.id) setZiel(e.id);
                  },
                  onDragLeave: () => setZiel((z) => (z === e.id ? null : z)),
                  onDrop: (event: DragEvent) => {
                    if (!hatDateien(event)) return;
                    event.preventDefault();
                    setZiel(null);
                    const files = [...event.dataTransfer.files];
                    if (files.length) onBelege(e, files);
                  },
                }
              : {};
            return (
              <tr key={e.id} className={klassen.join(' ')} data-eintrag={e.id} {...dropProps}>
                <th scope="row" className="kgv-kb-num">
                  {e.geprueft ? (
                    <span className="kgv-kb-schloss" title="geprüft – nicht mehr änderbar">
                      <LockClosed size="XS" aria-label="geprüft" />
                    </span>
                  ) : null}
                  {e.belegnummer}
                </th>
                <td className="kgv-kb-nowrap">{formatGermanDate(e.datum)}</td>
                <td>{e.kontoName}</td>
                <td>
                  {e.buchungskontoNummer} {e.buchungskontoName}
                </td>
                <td>{e.kostenstelleName ?? ''}</td>
                <td className="kgv-kb-text">
                  {e.text}
                  {e.stornoVonId !== null ? (
                    <span className="kgv-kb-marke">Storno zu Beleg {belegNr.get(e.stornoVonId) ?? ''}</span>
                  ) : null}
                  {e.storniertDurchId !== null ? (
                    <span className="kgv-kb-marke">
                      storniert
                      {belegNr.has(e.storniertDurchId) ? ` durch Beleg ${belegNr.get(e.storniertDurchId)}` : ''}
                    </span>
                  ) : null}
                  {e.quelle === 'bank' ? <span className="kgv-kb-marke kgv-kb-marke--leise">Bank</span> : null}
                </td>
                <td className="kgv-kb-num">{e.betragCent > 0 ? <Geld cent={e.betragCent} /> : ''}</td>
                <td className="kgv-kb-num">{e.betragCent < 0 ? <Geld cent={e.betragCent} /> : ''}</td>
                <td className="kgv-kb-num">
                  <Geld cent={e.kontoSaldoCent} />
                </td>
                <td>
                  <BelegeKnopf
                    eintrag={e}
                    canEdit={canEdit}
                    geschlossen={geschlossen}
                    onAnhaengen={() => anhaengen(e)}
                  />
                </td>
                <td className="kgv-kb-aktionen">
                  <ActionButton
                    isQuiet
                    aria-label={aendern ? `Beleg ${e.belegnummer} bearbeiten` : `Beleg ${e.belegnummer} ansehen`}
                    onPress={() => onAktion(e, 'bearbeiten')}
                  >
                    {aendern ? <Edit /> : <Visibility />}
                  </ActionButton>
                  <MenuTrigger>
                    <ActionButton isQuiet aria-label={`Weitere Aktionen zu Beleg ${e.belegnummer}`}>
                      <More />
                    </ActionButton>
                    <Menu
                      aria-label={`Aktionen zu Beleg ${e.belegnummer}`}
                      disabledKeys={stornierbar ? [] : ['storno']}
                      onAction={(key) => {
                        if (key === 'anhaengen') anhaengen(e);
                        else if (key === 'eigenbeleg') window.open(eigenbelegUrl(e.id), '_blank', 'noopener');
                        else onAktion(e, key as ZeilenAktion);
                      }}
                    >
                      {[
                        ...(canEdit ? [{ key: 'anhaengen', label: 'Beleg anhängen' }] : []),
                        { key: 'eigenbeleg', label: 'Eigenbeleg drucken' },
                        ...(canEdit ? [{ key: 'storno', label: 'Storno' }] : []),
                      ].map((item) => (
                        <Item key={item.key} textValue={item.label}>
                          <Text>{item.label}</Text>
                        </Item>
                      ))}
                    </Menu>
                  </MenuTrigger>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {eintraege.length > grenze ? (
        <div className="kgv-kb-mehr">
          <button type="button" className="kgv-kb-button" onClick={() => setGrenze((g) => g + ZEILEN_SCHRITT)}>
            Weitere {Math.min(ZEILEN_SCHRITT, eintraege.length - grenze)} von {eintraege.length - grenze} Buchungen
            zeigen
          </button>
        </div>
      ) : null}
    </div>
  );
}

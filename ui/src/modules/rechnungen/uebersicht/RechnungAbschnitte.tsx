import { Heading, Text } from '@adobe/react-spectrum';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { MAHNSTUFE_TITEL } from '../../../../../src/modules/rechnungspruefung/schema/mahnungen';
import { formatGermanDate } from '../../../../../src/platform/dates';
import type { RechnungDetail } from '../../../api/rechnungen';
import { Geld } from '../../kassa/Geld';
import { MahnstufeMarke, StatusMarke } from './Marken';
import { ART_TEXT } from './uebersichtFilter';

// The sections of a receivable's detail: head, positions, payments (with the Beleg in the
// Kassabuch), reminders and instalments.

/** Where a payment came from. */
const QUELLE_TEXT: Readonly<Record<string, string>> = {
  bank: 'Bank-Import',
  manuell: 'zugeordnet',
  barzahlung: 'an der Kassa',
  verrechnung: 'mit Guthaben verrechnet',
  storno: 'Storno',
};

export function Kopf({ r }: { r: RechnungDetail }) {
  const felder: [string, ReactNode][] = [
    ['Art', ART_TEXT[r.art]],
    ['Datum', formatGermanDate(r.datum)],
    ['Fällig am', formatGermanDate(r.faelligAm)],
    ['Parzelle', r.parzelleNummer ?? '–'],
    // In groups of four, as on the slip and in online banking.
    ['Zahlungsreferenz', r.zahlungsreferenz.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ')],
    ['Status', <StatusMarke key="s" status={r.status} />],
    ['Betrag', <Geld key="b" cent={r.betragCent} />],
    ['Bezahlt', <Geld key="z" cent={r.bezahltCent} />],
    ['Offen', <Geld key="o" cent={r.offenCent} />],
    ['Überfällig', <Geld key="u" cent={r.ueberfaelligCent} />],
    ['Mahnstufe', r.mahnstufe > 0 || r.mahnsperreBis ? <MahnstufeMarke key="m" rechnung={r} /> : 'nicht gemahnt'],
    ['Versendet', r.versendetAm ? formatGermanDate(r.versendetAm.slice(0, 10)) : 'noch nicht'],
  ];
  return (
    <>
      <dl className="kgv-ru-detail-kopf" aria-label="Rechnung">
        {felder.map(([dt, dd]) => (
          <div key={dt}>
            <dt>{dt}</dt>
            <dd>{dd}</dd>
          </div>
        ))}
      </dl>
      {r.notiz ? <Text>Notiz: {r.notiz}</Text> : null}
    </>
  );
}

function Abschnitt({ titel, children }: { titel: string; children: ReactNode }) {
  return (
    <section aria-label={titel}>
      <Heading level={3} marginTop="size-100" marginBottom="size-50">
        {titel}
      </Heading>
      {children}
    </section>
  );
}

export function Positionen({ r }: { r: RechnungDetail }) {
  return (
    <Abschnitt titel="Positionen">
      <table className="kgv-dense-table" aria-label="Positionen">
        <thead>
          <tr>
            <th scope="col">Text</th>
            <th scope="col">Parzelle</th>
            <th scope="col" className="kgv-ru-num">
              Steuersatz
            </th>
            <th scope="col" className="kgv-ru-num">
              Betrag
            </th>
          </tr>
        </thead>
        <tbody>
          {r.positionen.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: positions have no id; their order is fixed
            <tr key={i}>
              <td>{p.text}</td>
              <td>{p.parzelleNummer ?? ''}</td>
              <td className="kgv-ru-num">{p.steuersatz} %</td>
              <td className="kgv-ru-num">
                <Geld cent={p.betragCent} />
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row" colSpan={3}>
              Summe
            </th>
            <td className="kgv-ru-num">
              <Geld cent={r.betragCent} />
            </td>
          </tr>
        </tbody>
      </table>
    </Abschnitt>
  );
}

export function Zahlungen({ r }: { r: RechnungDetail }) {
  return (
    <Abschnitt titel="Zahlungen">
      {r.zahlungen.length === 0 ? (
        <Text>Noch keine Zahlung.</Text>
      ) : (
        <table className="kgv-dense-table" aria-label="Zahlungen">
          <thead>
            <tr>
              <th scope="col">Datum</th>
              <th scope="col">Beleg</th>
              <th scope="col">Text</th>
              <th scope="col">Herkunft</th>
              <th scope="col" className="kgv-ru-num">
                Betrag
              </th>
            </tr>
          </thead>
          <tbody>
            {r.zahlungen.map((z) => (
              <tr key={z.zuordnungId}>
                <td className="kgv-ru-nowrap">{formatGermanDate(z.datum)}</td>
                <td>
                  {z.kassabuchId !== null ? (
                    <Link href={belegHref(z)} className="kgv-ru-link">
                      Beleg {z.belegnummer ?? z.kassabuchId}
                    </Link>
                  ) : (
                    '–'
                  )}
                </td>
                <td>{z.text}</td>
                <td>{QUELLE_TEXT[z.quelle] ?? z.quelle}</td>
                <td className="kgv-ru-num">
                  <Geld cent={z.betragCent} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Abschnitt>
  );
}

/** The entry in the Kassabuch, in its own year. */
function belegHref(z: RechnungDetail['zahlungen'][number]): string {
  const periode = z.kassaabrechnungId ? `kassaabrechnung=${z.kassaabrechnungId}&` : '';
  return `/kassa/kassabuch?${periode}entryID=${z.kassabuchId}`;
}

export function Mahnungen({ r }: { r: RechnungDetail }) {
  return (
    <Abschnitt titel="Mahnungen">
      {r.mahnungen.length === 0 ? (
        <Text>Noch nicht gemahnt.</Text>
      ) : (
        <table className="kgv-dense-table" aria-label="Mahnungen">
          <thead>
            <tr>
              <th scope="col">Datum</th>
              <th scope="col">Stufe</th>
              <th scope="col" className="kgv-ru-num">
                Offen
              </th>
              <th scope="col" className="kgv-ru-num">
                Gebühr
              </th>
              <th scope="col" className="kgv-ru-num">
                Zinsen
              </th>
            </tr>
          </thead>
          <tbody>
            {r.mahnungen.map((m) => (
              <tr key={m.id}>
                <td className="kgv-ru-nowrap">{formatGermanDate(m.datum)}</td>
                <td>
                  {m.stufe} – {MAHNSTUFE_TITEL[m.stufe] ?? ''}
                </td>
                <td className="kgv-ru-num">
                  <Geld cent={m.offenCent} />
                </td>
                <td className="kgv-ru-num">
                  <Geld cent={m.gebuehrCent} />
                </td>
                <td className="kgv-ru-num">
                  <Geld cent={m.zinsenCent} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Abschnitt>
  );
}

export function Raten({ r }: { r: RechnungDetail }) {
  return (
    <Abschnitt titel="Raten">
      {r.raten.length === 0 ? (
        <Text>Keine Ratenvereinbarung.</Text>
      ) : (
        <table className="kgv-dense-table" aria-label="Raten">
          <thead>
            <tr>
              <th scope="col">Rate</th>
              <th scope="col">Fällig am</th>
              <th scope="col" className="kgv-ru-num">
                Betrag
              </th>
            </tr>
          </thead>
          <tbody>
            {r.raten.map((rate) => (
              <tr key={rate.nummer}>
                <td>{rate.nummer}</td>
                <td>{formatGermanDate(rate.faelligAm)}</td>
                <td className="kgv-ru-num">
                  <Geld cent={rate.betragCent} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Abschnitt>
  );
}

import {
  AnschriftFenster,
  anredeZeile,
  BriefDatum,
  type BriefVerein,
  type BriefZahlschein,
  VereinsKopf,
  Zahlschein,
} from '../../../platform/brief/briefBausteine';
import { formatGermanDate } from '../../../platform/dates';
import { formatEuro } from '../../../platform/money';
import { formatRf } from '../../../platform/payment';
import type { ZvEintrag, ZvParzelle, ZvPosition } from '../schema/zvData';

// The letter every billing run prints (Zahlungsvorschreibung, Gruppenrechnung, Weitere
// Mitgliedschaften, Wasserrechnung): club head, recipient in the window of a C5/6 envelope, title and
// date, per plot a table of positions, the sum and due date, the club's texts, and — once booked — a
// payment slip (Zahlschein) with the EPC QR code per receivable. A draft carries „ENTWURF“ and no
// number, reference, QR or slip, so nobody can pay a letter that was never booked.
// The table has only Text and Betrag: the run's text already names quantity and rate („Pachtzins
// 400,00 m² × 1,31 €“), so menge/satz stay data for ZvData and the Excel list, not a second print.

export type BriefTexte = { einleitung: string; schluss: string };

export {
  type BriefVerein,
  type BriefZahlschein,
  briefCss,
  VereinsKopf,
  Zahlschein,
} from '../../../platform/brief/briefBausteine';

export type BriefProps = {
  verein: BriefVerein;
  texte: BriefTexte;
  eintrag: ZvEintrag;
  titel: string;
  datum: string;
  entwurf: boolean;
  zahlscheine: BriefZahlschein[];
};

const euro = (cent: number) => formatEuro(cent, { nbsp: false });

function parzellenTitel(p: ZvParzelle): string {
  return p.parzelleId === null && p.nummer === '' ? 'Mitgliedschaft' : `Parzelle ${p.nummer}`;
}

function PositionenTabelle({ parzelle, mitSumme }: { parzelle: ZvParzelle; mitSumme: boolean }) {
  const summe = parzelle.positionen.reduce((s, p) => s + p.betragCent, 0);
  return (
    <table className="positionen">
      <thead>
        <tr>
          <th>Text</th>
          <th className="money">Betrag</th>
        </tr>
      </thead>
      <tbody>
        {parzelle.positionen.map((p: ZvPosition, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a letter may repeat a text; the order is fixed
          <tr key={i}>
            <td>{p.text}</td>
            <td className="money">{euro(p.betragCent)}</td>
          </tr>
        ))}
        {mitSumme ? (
          <tr className="zwischensumme">
            <td>Summe {parzellenTitel(parzelle)}</td>
            <td className="money">{euro(summe)}</td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}

export function Brief({ verein, texte, eintrag: e, titel, datum, entwurf, zahlscheine }: BriefProps) {
  const mehrereParzellen = e.parzellen.length > 1;
  const nummern = e.parzellen.filter((p) => p.nummer !== '').map((p) => p.nummer);
  const guthaben = e.summeCent < 0;
  // A credit of the member paid part of it when the run was booked (issue 15): the letter asks for the rest.
  const gutgeschrieben = e.gutgeschriebenCent ?? 0;
  const zuBezahlen = e.summeCent - gutgeschrieben;
  const ueberschrift = guthaben ? `Gutschrift – ${titel}` : titel;
  return (
    <div className="brief">
      {entwurf ? <div className="entwurf">ENTWURF</div> : null}
      <VereinsKopf verein={verein} />
      <AnschriftFenster verein={verein} anschrift={e.anschrift} name={e.name} />
      <dl className="meta">
        <BriefDatum verein={verein} datum={datum} />
        {nummern.length ? (
          <>
            <dt>{nummern.length > 1 ? 'Parzellen' : 'Parzelle'}</dt>
            <dd>{nummern.join(', ')}</dd>
          </>
        ) : null}
        {!entwurf && e.rechnungsnummer ? (
          <>
            <dt>Rechnungsnummer</dt>
            <dd>{e.rechnungen.length > 1 ? e.rechnungen.map((r) => r.nummer).join(', ') : e.rechnungsnummer}</dd>
          </>
        ) : null}
        {!entwurf && e.zahlungsreferenz && e.rechnungen.length <= 1 && e.summeCent > 0 ? (
          <>
            <dt>Zahlungsreferenz</dt>
            <dd>{formatRf(e.zahlungsreferenz)}</dd>
          </>
        ) : null}
        <dt>Fällig am</dt>
        <dd>{formatGermanDate(e.faelligAm)}</dd>
      </dl>
      <h1>{ueberschrift}</h1>
      <div className="texte">
        <p>{anredeZeile(e.anschrift)}</p>
        {texte.einleitung ? <p>{texte.einleitung}</p> : null}
      </div>
      {e.parzellen.map((p) => (
        <div key={`${p.parzelleId ?? 'a'}-${p.nummer}`}>
          {mehrereParzellen || p.nummer !== '' ? <h3 className="parzelle">{parzellenTitel(p)}</h3> : null}
          <PositionenTabelle parzelle={p} mitSumme={mehrereParzellen} />
        </div>
      ))}
      <table className="summe">
        <tbody>
          <tr>
            <td>Summe</td>
            <td className="money">{euro(e.summeCent)}</td>
          </tr>
          {gutgeschrieben > 0 ? (
            <>
              <tr>
                <td>abzüglich Guthaben</td>
                <td className="money">{euro(-gutgeschrieben)}</td>
              </tr>
              <tr>
                <td>zu bezahlen</td>
                <td className="money">{euro(zuBezahlen)}</td>
              </tr>
            </>
          ) : null}
        </tbody>
      </table>
      <p className="faellig">
        {guthaben
          ? 'Guthaben – wird Ihnen gutgeschrieben.'
          : zuBezahlen === 0
            ? 'Es ist kein Betrag zu bezahlen.'
            : entwurf
              ? `Fällig am ${formatGermanDate(e.faelligAm)}.`
              : `Bitte überweisen Sie ${euro(zuBezahlen)} bis ${formatGermanDate(e.faelligAm)} mit ${
                  zahlscheine.length > 1 ? 'den Zahlungsreferenzen der Zahlscheine' : 'der angegebenen Zahlungsreferenz'
                }.`}
      </p>
      <div className="texte">{texte.schluss ? <p>{texte.schluss}</p> : null}</div>
      {zahlscheine.length ? (
        <div className="zahlscheine">
          {zahlscheine.map((s) => (
            <Zahlschein key={s.nummer} verein={verein} schein={s} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

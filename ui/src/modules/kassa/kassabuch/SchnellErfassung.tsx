import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { formatGermanDate, parseGermanDate, todayIso } from '../../../../../src/platform/dates';
import { formatEuro } from '../../../../../src/platform/money';
import type { BuchungskontoLookup, KontoLookup, KostenstelleLookup } from '../../../api/kassa';
import { showErrorToast } from '../../../api/toast';
import { matchFieldErrors } from '../../../lib/serverErrors';
import { betragCent, findeWahl, wahlText } from './buchungEingabe';
import { type Eintrag, saveEintrag } from './kassabuchApi';

// The fast entry row on top of the Kassabuch: Datum, Betrag, Konto, Buchungskonto, Kostenstelle,
// Text; Enter saves and opens the next empty row with the cursor in Datum, Konto and Datum kept
// (a pile of receipts of one day and one cash box). Plain inputs, not Spectrum fields: the row is
// typed from the keyboard alone and every key must stay ours (Enter anywhere saves).

type Feld = 'datum' | 'betrag' | 'konto' | 'buchungskonto' | 'kostenstelle' | 'text';

/** The server's field keys (422 `errors`) → the row's inputs. */
const SERVER_FELD: Readonly<Record<string, Feld>> = {
  datum: 'datum',
  betragCent: 'betrag',
  kontoId: 'konto',
  buchungskontoId: 'buchungskonto',
  kostenstelleId: 'kostenstelle',
  text: 'text',
};

export interface SchnellErfassungProps {
  von: string;
  bis: string;
  konten: readonly KontoLookup[];
  buchungskonten: readonly BuchungskontoLookup[];
  kostenstellen: readonly KostenstelleLookup[];
  onSaved?: (eintrag: Eintrag) => void;
}

const startDatum = (von: string, bis: string) => {
  const heute = todayIso();
  return heute >= von && heute <= bis ? formatGermanDate(heute) : '';
};

export function SchnellErfassung({ von, bis, konten, buchungskonten, kostenstellen, onSaved }: SchnellErfassungProps) {
  const id = useId();
  const aktiveKonten = konten.filter((k) => k.aktiv);
  const [datum, setDatum] = useState(() => startDatum(von, bis));
  const [betrag, setBetrag] = useState('');
  const [kontoId, setKontoId] = useState<number | ''>(() => aktiveKonten[0]?.id ?? '');
  const [bk, setBk] = useState('');
  const [ks, setKs] = useState('');
  const [text, setText] = useState('');
  const [fehler, setFehler] = useState<Partial<Record<Feld, string>>>({});
  const [saving, setSaving] = useState(false);
  const [zuletzt, setZuletzt] = useState('');
  const datumRef = useRef<HTMLInputElement>(null);
  const refs = useRef(new Map<Feld, HTMLElement | null>());

  // A konto chosen before the list was there (or deactivated since): the first active one.
  const gewaehltesKonto = aktiveKonten.find((k) => k.id === kontoId) ?? aktiveKonten[0];
  const bkTreffer = findeWahl(bk, buchungskonten);
  const bkWahl = 'wahl' in bkTreffer ? bkTreffer.wahl : undefined;
  const cents = betragCent(betrag, bkWahl?.art);

  function pruefe(): { body: Parameters<typeof saveEintrag>[0] } | { fehler: Partial<Record<Feld, string>> } {
    const f: Partial<Record<Feld, string>> = {};
    const iso = parseGermanDate(datum);
    if (!iso) f.datum = iso === null ? 'Bitte ein Datum eingeben.' : 'Datum als TT.MM.JJJJ, z. B. 15.03.2026.';
    else if (iso < von || iso > bis)
      f.datum = `Das Datum liegt nicht in dieser Kassaabrechnung (${formatGermanDate(von)} – ${formatGermanDate(bis)}).`;
    if (cents === null) f.betrag = 'Bitte einen Betrag eingeben, z. B. 12,50 (Ausgabe: -12,50).';
    if (!gewaehltesKonto) f.konto = 'Bitte ein Konto wählen.';
    if (!bkWahl)
      f.buchungskonto =
        'leer' in bkTreffer
          ? 'Bitte ein Buchungskonto eingeben (Nummer oder Name).'
          : 'mehrdeutig' in bkTreffer && bkTreffer.mehrdeutig.length > 1
            ? `Mehrere passen: ${bkTreffer.mehrdeutig
                .slice(0, 4)
                .map((k) => wahlText(k))
                .join(', ')}`
            : `Kein Buchungskonto „${bk.trim()}“.`;
    const ksTreffer = findeWahl(ks, kostenstellen);
    if ('fehlt' in ksTreffer) f.kostenstelle = `Keine Kostenstelle „${ks.trim()}“.`;
    if (text.trim() === '') f.text = 'Bitte einen Buchungstext eingeben.';
    if (Object.keys(f).length || !iso || cents === null || !gewaehltesKonto || !bkWahl) return { fehler: f };
    return {
      body: {
        datum: iso,
        betragCent: cents,
        kontoId: gewaehltesKonto.id,
        buchungskontoId: bkWahl.id,
        kostenstelleId: 'wahl' in ksTreffer ? ksTreffer.wahl.id : null,
        text: text.trim(),
      },
    };
  }

  function zeigeFehler(f: Partial<Record<Feld, string>>) {
    setFehler(f);
    const erstes = (['datum', 'betrag', 'konto', 'buchungskonto', 'kostenstelle', 'text'] as const).find((k) => f[k]);
    if (erstes) refs.current.get(erstes)?.focus();
  }

  async function speichern() {
    if (saving) return;
    const ergebnis = pruefe();
    if ('fehler' in ergebnis) {
      zeigeFehler(ergebnis.fehler);
      return;
    }
    setSaving(true);
    try {
      const eintrag = await saveEintrag(ergebnis.body);
      setFehler({});
      setBetrag('');
      setBk('');
      setKs('');
      setText('');
      setZuletzt(
        `Beleg ${eintrag.belegnummer} gespeichert: ${formatEuro(eintrag.betragCent)} · ${eintrag.buchungskontoNummer} ${eintrag.buchungskontoName} · ${eintrag.text}`,
      );
      onSaved?.(eintrag);
      datumRef.current?.focus();
      datumRef.current?.select();
    } catch (error) {
      const matched = matchFieldErrors(error, Object.keys(SERVER_FELD));
      const f: Partial<Record<Feld, string>> = {};
      for (const [key, message] of Object.entries(matched.fields)) {
        const feld = SERVER_FELD[key];
        if (feld) f[feld] = message;
      }
      if (Object.keys(f).length) zeigeFehler(f);
      // A refusal the row has no field for (e.g. the tax rate, the period) must not get lost.
      if (!Object.keys(f).length || matched.other.length) showErrorToast(error);
    } finally {
      setSaving(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void speichern();
  }
  // Enter in the Konto select too (a select does not submit its form by itself).
  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter' && event.target instanceof HTMLSelectElement) {
      event.preventDefault();
      void speichern();
    }
  }

  const feld = (name: Feld) => ({
    id: `${id}-${name}`,
    ref: (element: HTMLElement | null) => {
      refs.current.set(name, element);
    },
    'aria-invalid': fehler[name] ? true : undefined,
    'aria-describedby': fehler[name] ? `${id}-${name}-fehler` : undefined,
    autoComplete: 'off',
    className: 'kgv-kb-input',
    onFocus: (event: { target: EventTarget }) => {
      if (event.target instanceof HTMLInputElement) event.target.select();
    },
  });
  const fehlerText = (name: Feld) =>
    fehler[name] ? (
      <span id={`${id}-${name}-fehler`} className="kgv-kb-fehler">
        {fehler[name]}
      </span>
    ) : null;
  const clear = (name: Feld) => setFehler((f) => (f[name] ? { ...f, [name]: undefined } : f));

  return (
    <form className="kgv-kb-erfassung" aria-label="Neue Buchung" onSubmit={onSubmit} onKeyDown={onKeyDown}>
      <div className="kgv-kb-feld kgv-kb-feld--datum">
        <label htmlFor={`${id}-datum`}>Datum</label>
        <input
          {...feld('datum')}
          ref={(element) => {
            datumRef.current = element;
            refs.current.set('datum', element);
          }}
          inputMode="numeric"
          placeholder="TT.MM.JJJJ"
          value={datum}
          onChange={(e) => {
            setDatum(e.target.value);
            clear('datum');
          }}
        />
        {fehlerText('datum')}
      </div>
      <div className="kgv-kb-feld kgv-kb-feld--betrag">
        <label htmlFor={`${id}-betrag`}>Betrag</label>
        <input
          {...feld('betrag')}
          inputMode="decimal"
          placeholder="12,50"
          value={betrag}
          onChange={(e) => {
            setBetrag(e.target.value);
            clear('betrag');
          }}
        />
        <span className={`kgv-kb-hinweis${cents !== null && cents < 0 ? ' kgv-kb-negativ' : ''}`} aria-live="polite">
          {cents === null
            ? 'Ausgabe: -12,50'
            : cents < 0
              ? `Ausgabe ${formatEuro(-cents)}`
              : `Einnahme ${formatEuro(cents)}`}
        </span>
        {fehlerText('betrag')}
      </div>
      <div className="kgv-kb-feld">
        <label htmlFor={`${id}-konto`}>Konto</label>
        <select
          {...feld('konto')}
          value={gewaehltesKonto?.id ?? ''}
          onChange={(e) => {
            setKontoId(Number(e.target.value));
            clear('konto');
          }}
        >
          {aktiveKonten.map((k) => (
            <option key={k.id} value={k.id}>
              {k.name}
            </option>
          ))}
        </select>
        {fehlerText('konto')}
      </div>
      <div className="kgv-kb-feld kgv-kb-feld--breit">
        <label htmlFor={`${id}-buchungskonto`}>Buchungskonto</label>
        <input
          {...feld('buchungskonto')}
          list={`${id}-bk-liste`}
          placeholder="Nummer oder Name"
          value={bk}
          onChange={(e) => {
            setBk(e.target.value);
            clear('buchungskonto');
          }}
        />
        <datalist id={`${id}-bk-liste`}>
          {buchungskonten.map((k) => (
            <option key={k.id} value={wahlText(k)} />
          ))}
        </datalist>
        <span className="kgv-kb-hinweis">{bkWahl && bk.trim() !== wahlText(bkWahl) ? wahlText(bkWahl) : ''}</span>
        {fehlerText('buchungskonto')}
      </div>
      <div className="kgv-kb-feld">
        <label htmlFor={`${id}-kostenstelle`}>Kostenstelle</label>
        <input
          {...feld('kostenstelle')}
          list={`${id}-ks-liste`}
          placeholder="optional"
          value={ks}
          onChange={(e) => {
            setKs(e.target.value);
            clear('kostenstelle');
          }}
        />
        <datalist id={`${id}-ks-liste`}>
          {kostenstellen.map((k) => (
            <option key={k.id} value={wahlText(k)} />
          ))}
        </datalist>
        {fehlerText('kostenstelle')}
      </div>
      <div className="kgv-kb-feld kgv-kb-feld--text">
        <label htmlFor={`${id}-text`}>Text</label>
        <input
          {...feld('text')}
          maxLength={500}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            clear('text');
          }}
        />
        {fehlerText('text')}
      </div>
      <div className="kgv-kb-feld kgv-kb-feld--knopf">
        <button type="submit" className="kgv-kb-button kgv-kb-button--accent" disabled={saving}>
          {saving ? 'Speichert …' : 'Buchen'}
        </button>
      </div>
      <p className="kgv-kb-zuletzt" aria-live="polite">
        {zuletzt}
      </p>
    </form>
  );
}

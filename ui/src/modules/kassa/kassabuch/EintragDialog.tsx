import { Item, Picker, TextArea, TextField, useDialogContainer } from '@adobe/react-spectrum';
import { kassabuchBody } from '../../../../../src/modules/kassa/schema/kassabuch';
import { STEUERSAETZE, type Steuersatz } from '../../../../../src/modules/kassa/schema/steuersatz';
import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { parseGermanAmount } from '../../../../../src/platform/money';
import { useHasRight } from '../../../api/common';
import {
  type BuchungskontoLookup,
  type KontoLookup,
  type KostenstelleLookup,
  useSteuersatzFlag,
} from '../../../api/kassa';
import { DateField, FormDialog, invalid } from '../../../components/formKit';
import { MessageBanner } from '../../../components/MessageBanner';
import { useZodForm } from '../../../lib/useZodForm';
import { aufteilungCent } from '../../rechnungen/zuKlaeren/AufteilungTabelle';
import { ZuordnungenAbschnitt, zuordnungsZeilen } from '../../rechnungen/zuKlaeren/ZuordnungenAbschnitt';
import { betragText, wahlText } from './buchungEingabe';
import { type Eintrag, fetchEintrag, saveEintrag } from './kassabuchApi';

// An existing entry in a dialog: every field of UpdateKassabuch. A checked entry (geprüft) opens
// read-only: it can no longer change (BAO § 131), a correction is a Storno. The server says 409
// when it was checked meanwhile; the message shows as the error toast and the dialog stays open.

const toValues = (e: Eintrag) => ({
  datum: formatGermanDate(e.datum),
  betragCent: betragText(e.betragCent),
  kontoId: e.kontoId,
  buchungskontoId: e.buchungskontoId,
  kostenstelleId: e.kostenstelleId ?? 0,
  steuersatz: e.steuersatz,
  text: e.text,
  kommentar: e.kommentar ?? '',
  rechnungsdatum: formatGermanDate(e.rechnungsdatum),
  // Issue 15: the receivables the entry pays, saved with it (UpdateKassabuch replaces them).
  zuordnungen: zuordnungsZeilen(e.zuordnungen ?? []),
});

export interface EintragDialogProps {
  eintrag: Eintrag;
  konten: readonly KontoLookup[];
  buchungskonten: readonly BuchungskontoLookup[];
  kostenstellen: readonly KostenstelleLookup[];
  /** The period is closed or the user may only read. */
  readOnly: boolean;
}

export function EintragDialog({ eintrag, konten, buchungskonten, kostenstellen, readOnly }: EintragDialogProps) {
  const { dismiss } = useDialogContainer();
  // A reversal pair stays an exact negation: the server refuses to change either half (409).
  const stornoPaar = eintrag.stornoVonId !== null || eintrag.storniertDurchId !== null;
  const gesperrt = readOnly || eintrag.geprueft || stornoPaar;
  const steuerFlag = useSteuersatzFlag();
  // The allocations show to whoever may see receivables; changing them needs their Edit right too.
  const rechnungenSehen = useHasRight('WebApp.Rechnungspruefung.View', 'WebApp.Rechnungspruefung.Edit') === true;
  const rechnungenAendern = useHasRight('WebApp.Rechnungspruefung.Edit') === true;
  const initial = toValues(eintrag);
  const form = useZodForm(kassabuchBody, {
    initial,
    labels: {
      datum: 'Datum',
      betragCent: 'Betrag',
      kontoId: 'Konto',
      buchungskontoId: 'Buchungskonto',
      kostenstelleId: 'Kostenstelle',
      steuersatz: 'Steuersatz',
      text: 'Text',
      kommentar: 'Kommentar',
      rechnungsdatum: 'Rechnungsdatum',
      zuordnungen: 'Zuordnungen',
    },
    inputErrors: (v) => ({
      datum: parseGermanDate(v.datum) ? undefined : 'Bitte das Datum als TT.MM.JJJJ eingeben.',
      betragCent: parseGermanAmount(v.betragCent)
        ? undefined
        : 'Bitte einen Betrag eingeben (Ausgabe mit Minus: -12,50).',
      rechnungsdatum: parseGermanDate(v.rechnungsdatum) === undefined ? 'Bitte als TT.MM.JJJJ eingeben.' : undefined,
      zuordnungen: aufteilungCent(v.zuordnungen).some((c) => !c)
        ? 'Bitte bei jeder Rechnung einen Betrag eingeben, z. B. 155,34.'
        : undefined,
    }),
    toBody: (v, { version }) => ({
      id: eintrag.id,
      version,
      datum: parseGermanDate(v.datum) ?? '',
      betragCent: parseGermanAmount(v.betragCent) ?? 0,
      kontoId: v.kontoId,
      buchungskontoId: v.buchungskontoId,
      kostenstelleId: v.kostenstelleId || null,
      steuersatz: v.steuersatz as Steuersatz,
      text: v.text.trim(),
      kommentar: v.kommentar.trim() || null,
      rechnungsdatum: parseGermanDate(v.rechnungsdatum) ?? null,
      // Not edited here: kept as they are.
      parzelleId: eintrag.parzelleId,
      adresseId: eintrag.adresseId,
      // Sent only when changed: absent keeps the entry's allocations as they are.
      ...(JSON.stringify(v.zuordnungen) === JSON.stringify(initial.zuordnungen)
        ? {}
        : {
            zuordnungen: v.zuordnungen.map((z, i) => ({
              rechnungId: z.rechnungId,
              betragCent: aufteilungCent(v.zuordnungen)[i] ?? 0,
            })),
          }),
    }),
    conflict: { record: eintrag, toValues, reload: () => fetchEintrag(eintrag.id) },
    readOnly: gesperrt,
  });

  // A club without the tax flag books without rates (as the booking account dialog): the field
  // shows only with the flag, or for an entry that carries a rate from before.
  const mitSteuer = steuerFlag || eintrag.steuersatz !== 0;

  // The entry's own accounts stay choosable even when deactivated or deleted since.
  const kontoItems = konten.some((k) => k.id === eintrag.kontoId)
    ? konten
    : [...konten, { id: eintrag.kontoId, name: eintrag.kontoName, art: 'kassa' as const, aktiv: false, iban: null }];
  const bkItems = buchungskonten.some((k) => k.id === eintrag.buchungskontoId)
    ? buchungskonten.map((k) => ({ id: k.id, label: wahlText(k) }))
    : [
        ...buchungskonten.map((k) => ({ id: k.id, label: wahlText(k) })),
        { id: eintrag.buchungskontoId, label: `${eintrag.buchungskontoNummer} ${eintrag.buchungskontoName}` },
      ];
  const ksItems = [{ id: 0, label: 'keine' }, ...kostenstellen.map((k) => ({ id: k.id, label: wahlText(k) }))];

  return (
    <FormDialog
      title={gesperrt ? `Beleg ${eintrag.belegnummer}` : `Beleg ${eintrag.belegnummer} bearbeiten`}
      form={form}
      size="L"
      onSubmit={() =>
        void form.submit((body) => saveEintrag(body), {
          success: `Beleg ${eintrag.belegnummer} gespeichert.`,
          onSaved: dismiss,
        })
      }
      onCancel={dismiss}
    >
      {eintrag.geprueft ? (
        <MessageBanner
          level="info"
          title="Geprüft – nicht mehr änderbar"
          message={`Dieser Beleg wurde${eintrag.geprueftAm ? ` am ${formatGermanDate(eintrag.geprueftAm.slice(0, 10))}` : ''} als geprüft markiert. Eine Korrektur ist eine Storno-Buchung (Aktionen → Storno).`}
        />
      ) : stornoPaar ? (
        <MessageBanner
          level="info"
          title="Storno-Paar – nicht mehr änderbar"
          message="Buchung und Storno ergeben zusammen null und bleiben so. War das Storno ein Irrtum, löschen Sie die (noch ungeprüfte) Storno-Buchung."
        />
      ) : null}
      <DateField label="Datum" isRequired readOnly={gesperrt} {...form.field('datum')} autoFocus={!gesperrt} />
      <TextField
        label="Betrag"
        isRequired
        description={gesperrt ? undefined : 'Einnahme 12,50 · Ausgabe mit Minus: -12,50'}
        inputMode="decimal"
        {...form.field('betragCent')}
      />
      <Picker
        label="Konto"
        isRequired
        id={form.idOf('kontoId')}
        items={kontoItems}
        selectedKey={String(form.values.kontoId)}
        onSelectionChange={(key) => form.set('kontoId', Number(key))}
        isDisabled={gesperrt}
        {...invalid(form.errors.kontoId)}
      >
        {(k) => <Item key={String(k.id)}>{k.name}</Item>}
      </Picker>
      <Picker
        label="Buchungskonto"
        isRequired
        id={form.idOf('buchungskontoId')}
        items={bkItems}
        selectedKey={String(form.values.buchungskontoId)}
        onSelectionChange={(key) => {
          const id = Number(key);
          form.set('buchungskontoId', id);
          // A new booking account brings its tax rate, as a new entry would.
          const satz = buchungskonten.find((k) => k.id === id)?.steuersatz;
          if (satz !== undefined) form.set('steuersatz', satz);
        }}
        isDisabled={gesperrt}
        {...invalid(form.errors.buchungskontoId)}
      >
        {(k) => <Item key={String(k.id)}>{k.label}</Item>}
      </Picker>
      <Picker
        label="Kostenstelle"
        id={form.idOf('kostenstelleId')}
        items={ksItems}
        selectedKey={String(form.values.kostenstelleId)}
        onSelectionChange={(key) => form.set('kostenstelleId', Number(key))}
        isDisabled={gesperrt}
        {...invalid(form.errors.kostenstelleId)}
      >
        {(k) => <Item key={String(k.id)}>{k.label}</Item>}
      </Picker>
      {mitSteuer ? (
        <Picker
          label="Steuersatz"
          id={form.idOf('steuersatz')}
          items={STEUERSAETZE.map((s) => ({ id: s, label: `${s} %` }))}
          selectedKey={String(form.values.steuersatz)}
          onSelectionChange={(key) => form.set('steuersatz', Number(key))}
          isDisabled={gesperrt}
          {...invalid(form.errors.steuersatz)}
        >
          {(s) => <Item key={String(s.id)}>{s.label}</Item>}
        </Picker>
      ) : null}
      <TextField label="Text" isRequired maxLength={500} {...form.field('text')} />
      <TextArea label="Kommentar" maxLength={5000} {...form.field('kommentar')} />
      <DateField label="Rechnungsdatum" readOnly={gesperrt} {...form.field('rechnungsdatum')} />
      {rechnungenSehen && (eintrag.betragCent > 0 || (eintrag.zuordnungen ?? []).length > 0) ? (
        <ZuordnungenAbschnitt
          id={form.idOf('zuordnungen')}
          gespeichert={eintrag.zuordnungen ?? []}
          zeilen={form.values.zuordnungen}
          onChange={(zeilen) => form.set('zuordnungen', zeilen)}
          betragCent={parseGermanAmount(form.values.betragCent)}
          readOnly={gesperrt || !rechnungenAendern}
          fehler={form.errors.zuordnungen}
        />
      ) : null}
    </FormDialog>
  );
}

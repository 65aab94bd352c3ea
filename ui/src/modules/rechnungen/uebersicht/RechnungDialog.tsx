import {
  ActionButton,
  ComboBox,
  Flex,
  Item,
  Picker,
  Text,
  TextArea,
  TextField,
  useDialogContainer,
  View,
} from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import Delete from '@spectrum-icons/workflow/Delete';
import { RECHNUNG_STEUERSAETZE, rechnungBody } from '../../../../../src/modules/rechnungspruefung/schema/rechnung';
import { addDays, formatGermanDate, parseGermanDate, todayIso } from '../../../../../src/platform/dates';
import { formatEuro, parseGermanAmount } from '../../../../../src/platform/money';
import { useBuchungskontenLookup, useKassaabrechnungDatum } from '../../../api/kassa';
import { fetchRechnung, type Rechnung, saveRechnung, useParzellenLookup } from '../../../api/rechnungen';
import { useAdressenLookup } from '../../../api/stammdaten/parzellen';
import { DateField, FormDialog, invalid } from '../../../components/formKit';
import { useZodForm } from '../../../lib/useZodForm';
import { betragEingabe } from './ZahlungErfassenDialog';

// A manual receivable (a key for the garden gate, a share of the electricity …) with its positions,
// or the change of an existing one. A receivable of a billing run, or one already paid, reminded
// or sent, changes only its due date, reminder stop and note (bearbeitbar 'termine'): the server
// refuses anything else.

interface PositionZeile {
  text: string;
  betrag: string;
  steuersatz: number;
  /** 0 = none. */
  buchungskontoId: number;
}

interface Werte {
  adresseId: number;
  parzelleId: number;
  datum: string;
  faelligAm: string;
  positionen: PositionZeile[];
  notiz: string;
  mahnsperreBis: string;
}

const LEERE_POSITION: PositionZeile = { text: '', betrag: '', steuersatz: 0, buchungskontoId: 0 };

const toValues = (r: Rechnung): Werte => ({
  adresseId: r.adresseId,
  parzelleId: r.parzelleId ?? 0,
  datum: formatGermanDate(r.datum),
  faelligAm: formatGermanDate(r.faelligAm),
  positionen: r.positionen.map((p) => ({
    text: p.text,
    betrag: betragEingabe(p.betragCent),
    steuersatz: p.steuersatz,
    buchungskontoId: p.buchungskontoId ?? 0,
  })),
  notiz: r.notiz ?? '',
  mahnsperreBis: formatGermanDate(r.mahnsperreBis),
});

function neueWerte(): Werte {
  const heute = todayIso();
  return {
    adresseId: 0,
    parzelleId: 0,
    datum: formatGermanDate(heute),
    faelligAm: formatGermanDate(addDays(heute, 14)),
    positionen: [{ ...LEERE_POSITION }],
    notiz: '',
    mahnsperreBis: '',
  };
}

/** Which position is wrong, in words, or undefined. */
function positionenFehler(positionen: readonly PositionZeile[]): string | undefined {
  for (const [i, p] of positionen.entries()) {
    if (p.text.trim() === '') return `Position ${i + 1}: Bitte einen Text eingeben.`;
    if (!parseGermanAmount(p.betrag)) return `Position ${i + 1}: Bitte einen Betrag eingeben, z. B. 25,00.`;
  }
  return undefined;
}

export function RechnungDialog({ rechnung, onSaved }: { rechnung?: Rechnung; onSaved?: (r: Rechnung) => void }) {
  const { dismiss } = useDialogContainer();
  const nurTermine = rechnung?.bearbeitbar === 'termine';
  const adressen = useAdressenLookup(!nurTermine);
  const parzellen = useParzellenLookup();
  const periode = useKassaabrechnungDatum();
  const buchungskonten = useBuchungskontenLookup(periode.data?.id ?? undefined);
  const form = useZodForm(rechnungBody, {
    initial: rechnung ? toValues(rechnung) : neueWerte(),
    labels: {
      adresseId: 'Adresse',
      parzelleId: 'Parzelle',
      datum: 'Rechnungsdatum',
      faelligAm: 'Fällig am',
      positionen: 'Positionen',
      notiz: 'Notiz',
      mahnsperreBis: 'Mahnsperre bis',
    },
    inputErrors: (v) => ({
      datum: parseGermanDate(v.datum) ? undefined : 'Bitte das Datum als TT.MM.JJJJ eingeben.',
      faelligAm: parseGermanDate(v.faelligAm) ? undefined : 'Bitte das Datum als TT.MM.JJJJ eingeben.',
      mahnsperreBis: parseGermanDate(v.mahnsperreBis) === undefined ? 'Bitte als TT.MM.JJJJ eingeben.' : undefined,
      adresseId: v.adresseId ? undefined : 'Bitte die Adresse wählen.',
      positionen: nurTermine ? undefined : positionenFehler(v.positionen),
    }),
    toBody: (v, { version }) => ({
      ...(rechnung ? { id: rechnung.id, version } : {}),
      adresseId: v.adresseId,
      parzelleId: v.parzelleId || null,
      gruppeId: rechnung?.gruppeId ?? null,
      datum: parseGermanDate(v.datum) ?? '',
      faelligAm: parseGermanDate(v.faelligAm) ?? '',
      // A booked receivable sends its positions unchanged (the server compares them).
      positionen:
        nurTermine && rechnung
          ? rechnung.positionen.map((p) => ({
              text: p.text,
              betragCent: p.betragCent,
              steuersatz: p.steuersatz,
              buchungskontoId: p.buchungskontoId,
            }))
          : v.positionen.map((p) => ({
              text: p.text.trim(),
              betragCent: parseGermanAmount(p.betrag) ?? 0,
              steuersatz: p.steuersatz,
              buchungskontoId: p.buchungskontoId || null,
            })),
      notiz: v.notiz.trim() || null,
      mahnsperreBis: parseGermanDate(v.mahnsperreBis) ?? null,
    }),
    conflict: { record: rechnung, toValues, reload: () => fetchRechnung(rechnung?.id ?? 0) },
  });
  const { values } = form;
  const summe = values.positionen.reduce((s, p) => s + (parseGermanAmount(p.betrag) ?? 0), 0);

  function setPosition(i: number, patch: Partial<PositionZeile>) {
    form.set(
      'positionen',
      values.positionen.map((p, j) => (j === i ? { ...p, ...patch } : p)),
    );
  }

  const titel = rechnung ? `Rechnung ${rechnung.nummer} bearbeiten` : 'Neue Rechnung';
  const bkItems = [
    { id: 0, label: 'keines' },
    ...(buchungskonten.data ?? [])
      .filter((k) => !k.klaerung)
      .map((k) => ({ id: k.id, label: `${k.nummer} ${k.name}` })),
  ];

  return (
    <FormDialog
      title={titel}
      form={form}
      size="L"
      submitLabel={rechnung ? 'Speichern' : 'Rechnung anlegen'}
      onSubmit={() =>
        void form.submit((body) => saveRechnung(body), {
          success: (r) => (rechnung ? `Rechnung ${r.nummer} gespeichert.` : `Rechnung ${r.nummer} angelegt.`),
          onSaved: (r) => {
            dismiss();
            onSaved?.(r);
          },
        })
      }
      onCancel={dismiss}
    >
      {nurTermine && rechnung ? (
        <Text>
          {`${rechnung.adresseName} · ${formatEuro(rechnung.betragCent)}. Diese Rechnung ist ${
            rechnung.laufId === null ? 'schon bezahlt, gemahnt oder versendet' : 'aus einem Abrechnungslauf'
          }: nur Fälligkeit, Mahnsperre und Notiz sind änderbar.`}
        </Text>
      ) : (
        <>
          <ComboBox
            label="Adresse"
            isRequired
            id={form.idOf('adresseId')}
            defaultItems={adressen.data ?? []}
            selectedKey={values.adresseId ? String(values.adresseId) : null}
            onSelectionChange={(key) => form.set('adresseId', key === null ? 0 : Number(key))}
            menuTrigger="focus"
            description="Namen eintippen und aus der Liste wählen"
            autoFocus
            {...invalid(form.errors.adresseId)}
          >
            {(a) => <Item key={String(a.id)}>{a.name}</Item>}
          </ComboBox>
          <Picker
            label="Parzelle"
            id={form.idOf('parzelleId')}
            items={[{ id: 0, name: 'keine' }, ...(parzellen.data ?? [])]}
            selectedKey={String(values.parzelleId)}
            onSelectionChange={(key) => form.set('parzelleId', Number(key))}
            {...invalid(form.errors.parzelleId)}
          >
            {(p) => <Item key={String(p.id)}>{p.name}</Item>}
          </Picker>
          <DateField label="Rechnungsdatum" isRequired {...form.field('datum')} />
        </>
      )}
      <DateField label="Fällig am" isRequired {...form.field('faelligAm')} />
      {nurTermine ? null : (
        <View>
          <Text UNSAFE_className="kgv-ru-leise">Positionen</Text>
          <Flex direction="column" gap="size-100" marginTop="size-50">
            {values.positionen.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: positions have no id; they are edited in place
              <Flex key={i} gap="size-100" alignItems="end" wrap>
                <TextField
                  label={`Text ${i + 1}`}
                  isRequired
                  value={p.text}
                  onChange={(text) => setPosition(i, { text })}
                  maxLength={500}
                  width="size-3600"
                />
                <TextField
                  label={`Betrag ${i + 1}`}
                  isRequired
                  inputMode="decimal"
                  value={p.betrag}
                  onChange={(betrag) => setPosition(i, { betrag })}
                  width="size-1600"
                />
                <Picker
                  label={`Steuersatz ${i + 1}`}
                  items={RECHNUNG_STEUERSAETZE.map((s) => ({ id: s, label: `${s} %` }))}
                  selectedKey={String(p.steuersatz)}
                  onSelectionChange={(key) => setPosition(i, { steuersatz: Number(key) })}
                  width="size-2000"
                >
                  {(s) => <Item key={String(s.id)}>{s.label}</Item>}
                </Picker>
                {buchungskonten.data ? (
                  <Picker
                    label={`Buchungskonto ${i + 1}`}
                    items={bkItems}
                    selectedKey={String(p.buchungskontoId)}
                    onSelectionChange={(key) => {
                      const id = Number(key);
                      const satz = buchungskonten.data?.find((k) => k.id === id)?.steuersatz;
                      setPosition(i, { buchungskontoId: id, ...(satz !== undefined ? { steuersatz: satz } : {}) });
                    }}
                    width="size-3000"
                  >
                    {(k) => <Item key={String(k.id)}>{k.label}</Item>}
                  </Picker>
                ) : null}
                {values.positionen.length > 1 ? (
                  <ActionButton
                    isQuiet
                    aria-label={`Position ${i + 1} entfernen`}
                    onPress={() =>
                      form.set(
                        'positionen',
                        values.positionen.filter((_, j) => j !== i),
                      )
                    }
                  >
                    <Delete />
                  </ActionButton>
                ) : null}
              </Flex>
            ))}
            <Flex gap="size-200" alignItems="center">
              <ActionButton onPress={() => form.set('positionen', [...values.positionen, { ...LEERE_POSITION }])}>
                <Add />
                <Text>Position hinzufügen</Text>
              </ActionButton>
              <Text>Summe: {formatEuro(summe)}</Text>
            </Flex>
            {form.errors.positionen ? (
              <Text id={form.idOf('positionen')} UNSAFE_className="kgv-ru-fehler">
                {form.errors.positionen}
              </Text>
            ) : null}
          </Flex>
        </View>
      )}
      <DateField
        label="Mahnsperre bis"
        {...form.field('mahnsperreBis')}
        description="Bis zu diesem Tag wird nicht gemahnt (leer: keine Sperre)."
      />
      <TextArea label="Notiz" maxLength={5000} {...form.field('notiz')} />
    </FormDialog>
  );
}

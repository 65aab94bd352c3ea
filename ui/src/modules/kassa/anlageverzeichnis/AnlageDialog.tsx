import {
  ActionButton,
  ComboBox,
  Flex,
  Heading,
  Item,
  Link,
  Picker,
  Text,
  TextArea,
  TextField,
  useDialogContainer,
  View,
} from '@adobe/react-spectrum';
import { useRef } from 'react';
import { anlageBody } from '../../../../../src/modules/kassa/schema/anlagen';
import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { formatEuro } from '../../../../../src/platform/money';
import { useKassaabrechnungen } from '../../../api/kassa';
import { DateField, emptyAsNull, FormDialog, invalid, NumberInput } from '../../../components/formKit';
import { FIELD_LABELS, VerlaufDisclosure } from '../../../components/VerlaufPanel';
import { centsToEuro, EURO_FORMAT, euroToCents } from '../../../lib/fieldFormats';
import { useZodForm } from '../../../lib/useZodForm';
import { AfaPlanTabelle } from './AfaPlanTabelle';
import {
  type Anlage,
  fetchAnlage,
  findeEintrag,
  saveAnlage,
  useAnlageDetail,
  useAnlageKategorien,
  useEintragLink,
} from './api';

const ANLAGE_LABELS: Readonly<Record<string, string>> = {
  ...FIELD_LABELS,
  bezeichnung: 'Bezeichnung',
  kategorie: 'Kategorie',
  anschaffungsdatum: 'Anschaffungsdatum',
  anschaffungskostenCent: 'Anschaffungskosten',
  nutzungsdauerJahre: 'Nutzungsdauer (Jahre)',
  abgangsdatum: 'Abgangsdatum',
  abgangserloesCent: 'Abgangserlös',
  kassabuchId: 'Kassabuch-Eintrag',
  notiz: 'Notiz',
};

const toValues = (a: Anlage) => ({
  bezeichnung: a.bezeichnung,
  kategorie: a.kategorie,
  anschaffungsdatum: formatGermanDate(a.anschaffungsdatum),
  anschaffungskostenCent: centsToEuro(a.anschaffungskostenCent),
  nutzungsdauerJahre: a.nutzungsdauerJahre,
  abgangsdatum: formatGermanDate(a.abgangsdatum),
  abgangserloesCent: a.abgangserloesCent === null ? Number.NaN : centsToEuro(a.abgangserloesCent),
  kassabuchId: a.kassabuchId,
  belegJahr: null as number | null,
  belegnummer: Number.NaN,
  notiz: a.notiz,
});

export interface AnlageDialogProps {
  anlage?: Anlage | undefined;
  /** The year whose book value the list shows (bold in the plan). */
  jahr: number;
  readOnly?: boolean;
}

/**
 * Create or edit an asset: what, category, purchase (date, cost, useful life), disposal, the
 * Kassabuch entry it was paid with, and for a saved one its depreciation plan and Verlauf.
 */
export function AnlageDialog({ anlage, jahr, readOnly = false }: AnlageDialogProps) {
  const { dismiss } = useDialogContainer();
  const { data: kategorien } = useAnlageKategorien();
  const { data: perioden } = useKassaabrechnungen();
  const detail = useAnlageDetail(anlage?.id, jahr);
  // The entry a typed Belegnummer names, found just before the save.
  const gefunden = useRef<number | null | undefined>(undefined);
  const form = useZodForm(anlageBody, {
    initial: anlage
      ? toValues(anlage)
      : {
          bezeichnung: '',
          kategorie: '',
          anschaffungsdatum: '',
          anschaffungskostenCent: Number.NaN,
          nutzungsdauerJahre: Number.NaN,
          abgangsdatum: '',
          abgangserloesCent: Number.NaN,
          kassabuchId: null as number | null,
          belegJahr: null as number | null,
          belegnummer: Number.NaN,
          notiz: '',
        },
    labels: {
      bezeichnung: 'Bezeichnung',
      kategorie: 'Kategorie',
      anschaffungsdatum: 'Anschaffungsdatum',
      anschaffungskostenCent: 'Anschaffungskosten',
      nutzungsdauerJahre: 'Nutzungsdauer (Jahre)',
      abgangsdatum: 'Abgangsdatum',
      abgangserloesCent: 'Abgangserlös',
      kassabuchId: 'Kassabuch-Eintrag',
      belegnummer: 'Beleg-Nr.',
      notiz: 'Notiz',
    },
    toBody: (v, { version }) => {
      const erloes = emptyAsNull(v.abgangserloesCent);
      return {
        ...(anlage ? { id: anlage.id, version } : {}),
        bezeichnung: v.bezeichnung.trim(),
        kategorie: v.kategorie.trim(),
        anschaffungsdatum: parseGermanDate(v.anschaffungsdatum) ?? '',
        anschaffungskostenCent: Number.isNaN(v.anschaffungskostenCent)
          ? undefined
          : euroToCents(v.anschaffungskostenCent),
        nutzungsdauerJahre: Number.isNaN(v.nutzungsdauerJahre) ? undefined : v.nutzungsdauerJahre,
        abgangsdatum: parseGermanDate(v.abgangsdatum) ?? null,
        abgangserloesCent: erloes === null ? null : euroToCents(erloes),
        kassabuchId: gefunden.current !== undefined ? gefunden.current : v.kassabuchId,
        notiz: v.notiz,
      };
    },
    inputErrors: (v) => ({
      anschaffungsdatum: parseGermanDate(v.anschaffungsdatum)
        ? undefined
        : 'Bitte geben Sie das Anschaffungsdatum als TT.MM.JJJJ ein.',
      abgangsdatum:
        parseGermanDate(v.abgangsdatum) === undefined
          ? 'Bitte geben Sie das Abgangsdatum als TT.MM.JJJJ ein oder lassen Sie es leer.'
          : undefined,
      belegnummer:
        !Number.isNaN(v.belegnummer) && v.belegJahr === null ? 'Bitte wählen Sie auch das Kassajahr.' : undefined,
    }),
    conflict: { record: anlage, toValues, reload: () => fetchAnlage(anlage?.id ?? 0, jahr) },
    readOnly,
  });

  async function speichern() {
    const { belegJahr, belegnummer } = form.values;
    gefunden.current = undefined;
    if (belegJahr !== null && !Number.isNaN(belegnummer)) {
      const eintrag = await findeEintrag(belegJahr, belegnummer).catch(() => undefined);
      if (!eintrag) {
        const periode = perioden?.find((p) => p.id === belegJahr);
        form.setErrors({
          belegnummer: `In ${periode?.name ?? 'diesem Kassajahr'} gibt es keinen Beleg Nr. ${belegnummer}.`,
        });
        return;
      }
      gefunden.current = eintrag.id;
    }
    await form.submit((body) => saveAnlage(body), {
      success: (a) => `Anlage „${a.bezeichnung}“ gespeichert.`,
      onSaved: dismiss,
    });
  }

  const verknuepft = form.values.kassabuchId;
  const eintragLink = useEintragLink(verknuepft);
  const title = anlage ? (readOnly ? anlage.bezeichnung : 'Anlage bearbeiten') : 'Neue Anlage';
  return (
    <FormDialog
      title={title}
      form={form}
      size="L"
      onSubmit={() => void speichern()}
      onCancel={dismiss}
      after={
        anlage && detail.data ? (
          <View marginTop="size-300">
            <Heading level={3}>Abschreibungsplan</Heading>
            <Text>
              {`${formatEuro(detail.data.jahresAfaCent)} AfA im vollen Jahr`}
              {detail.data.halbjahr ? ' · Halbjahresregel: im ersten Jahr die halbe AfA' : ''}
              {anlage.geringwertig ? ' · geringwertig: im Anschaffungsjahr voll abgeschrieben' : ''}
            </Text>
            <AfaPlanTabelle detail={detail.data} jahr={jahr} />
            {detail.data.abgang ? (
              <Text>
                {`Abgang am ${formatGermanDate(detail.data.abgang.datum)}: Buchwert ${formatEuro(detail.data.abgang.buchwertCent)}, Erlös ${formatEuro(detail.data.abgang.erloesCent)}, Ergebnis ${formatEuro(detail.data.abgang.ergebnisCent)}`}
              </Text>
            ) : null}
          </View>
        ) : null
      }
    >
      <TextField label="Bezeichnung" isRequired={!readOnly} maxLength={300} autoFocus {...form.field('bezeichnung')} />
      <ComboBox
        label="Kategorie"
        id={form.idOf('kategorie')}
        allowsCustomValue
        inputValue={form.values.kategorie}
        onInputChange={(v) => form.set('kategorie', v)}
        defaultItems={(kategorien ?? []).map((k) => ({ id: k, name: k }))}
        description={readOnly ? undefined : 'z. B. Maschinen, Gebäude, Einrichtung – oder eine neue eintippen'}
        {...invalid(form.errors.kategorie)}
      >
        {(item) => <Item key={item.id}>{item.name}</Item>}
      </ComboBox>
      <DateField label="Anschaffungsdatum" isRequired readOnly={readOnly} {...form.field('anschaffungsdatum')} />
      <NumberInput
        label="Anschaffungskosten"
        isRequired={!readOnly}
        formatOptions={EURO_FORMAT}
        {...form.field('anschaffungskostenCent')}
      />
      <NumberInput
        label="Nutzungsdauer (Jahre)"
        isRequired={!readOnly}
        formatOptions={{ maximumFractionDigits: 0 }}
        {...form.field('nutzungsdauerJahre')}
      />
      <DateField
        label="Abgangsdatum"
        readOnly={readOnly}
        description="Verkauft, verschrottet oder verloren – sonst leer lassen"
        {...form.field('abgangsdatum')}
      />
      <NumberInput label="Abgangserlös" formatOptions={EURO_FORMAT} {...form.field('abgangserloesCent')} />
      {verknuepft !== null ? (
        <Flex gap="size-100" alignItems="center">
          <Link href={eintragLink}>
            {anlage?.kassabuchId === verknuepft && anlage.kassabuchBelegnummer !== null
              ? `Kassabuch-Eintrag Beleg Nr. ${anlage.kassabuchBelegnummer} öffnen`
              : 'Kassabuch-Eintrag öffnen'}
          </Link>
          {readOnly ? null : (
            <ActionButton isQuiet onPress={() => form.set('kassabuchId', null)}>
              Verknüpfung lösen
            </ActionButton>
          )}
        </Flex>
      ) : readOnly ? null : (
        <Flex gap="size-150" wrap>
          <Picker
            label="Bezahlt im Kassajahr"
            items={perioden ?? []}
            selectedKey={form.values.belegJahr === null ? null : String(form.values.belegJahr)}
            onSelectionChange={(key) => form.set('belegJahr', key === null ? null : Number(key))}
            width="size-2400"
          >
            {(p) => <Item key={String(p.id)}>{p.name}</Item>}
          </Picker>
          <NumberInput
            label="Beleg-Nr."
            formatOptions={{ useGrouping: false, maximumFractionDigits: 0 }}
            description="Verknüpft die Anlage mit ihrer Buchung"
            {...form.field('belegnummer')}
          />
        </Flex>
      )}
      <TextArea label="Notiz" maxLength={5000} {...form.field('notiz')} />
      <VerlaufDisclosure entityType="Anlage" entityId={anlage?.id} fieldLabels={ANLAGE_LABELS} />
    </FormDialog>
  );
}

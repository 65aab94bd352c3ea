import { Button, Flex, Heading, Item, type Key, Picker, Text, View } from '@adobe/react-spectrum';
import { useEffect, useMemo, useState } from 'react';
import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { saveWithToast } from '../../../api/toast';
import { useQueryParam } from '../../../app/useQueryParam';
import { DateField, NumberInput } from '../../../components/formKit';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { MessageBanner } from '../../../components/MessageBanner';
import { centsToEuro, EURO_FORMAT, euroToCents } from '../../../lib/fieldFormats';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard';
import { type AkontoBerechnung, speichereAkonto, useAkontoBerechnung, useAkontoStichtage } from './api';
import { euro, m3 } from './betrag';
import './jahresabrechnung.css';

/** Tab "Akonto": the akonto per plot for the next period — proposal, editable amount, totals, save. */
export function AkontoTab({ canEdit }: { canEdit: boolean }) {
  const [stichtag, setStichtag] = useQueryParam('akonto');
  const { data: tage } = useAkontoStichtage();
  const [neu, setNeu] = useState('');
  const [neuFehler, setNeuFehler] = useState<string | undefined>();

  function berechnen() {
    const iso = parseGermanDate(neu);
    if (!iso) {
      setNeuFehler('Bitte geben Sie den Stichtag als TT.MM.JJJJ ein.');
      return;
    }
    setNeuFehler(undefined);
    setStichtag(iso);
  }

  return (
    <Flex direction="column" gap="size-200">
      <Text>
        Das Akonto ist die Vorauszahlung für das Wasser der nächsten Periode. Vorschlag: verrechnete Menge der letzten
        Abrechnung (Verbrauch und Schwund) × Preis, auf ganze Euro aufgerundet, nie unter dem Mindest-Akonto.
      </Text>
      <Flex gap="size-200" alignItems="end" wrap>
        <Picker
          label="Gespeicherte Akonto-Berechnungen"
          items={tage ?? []}
          selectedKey={tage?.some((t) => t.stichtag === stichtag) ? stichtag : null}
          onSelectionChange={(key: Key | null) => key !== null && setStichtag(String(key))}
          isDisabled={!tage || tage.length === 0}
          placeholder={tage && tage.length === 0 ? 'noch keine' : 'Stichtag wählen'}
          width="size-5000"
        >
          {(t) => (
            <Item key={t.stichtag} textValue={formatGermanDate(t.stichtag)}>
              {`${formatGermanDate(t.stichtag)} · ${t.anzahl} Parzellen · ${euro(t.summeCent)}`}
            </Item>
          )}
        </Picker>
        {canEdit ? (
          <Flex gap="size-100" alignItems="end">
            <DateField
              label="Neue Berechnung zum"
              value={neu}
              onChange={setNeu}
              error={neuFehler}
              description="TT.MM.JJJJ, z. B. 01.01.2027"
            />
            <Button variant="primary" onPress={berechnen}>
              Vorschlag berechnen
            </Button>
          </Flex>
        ) : null}
      </Flex>
      {stichtag ? <AkontoBerechnungView key={stichtag} stichtag={stichtag} canEdit={canEdit} /> : null}
    </Flex>
  );
}

function AkontoBerechnungView({ stichtag, canEdit }: { stichtag: string; canEdit: boolean }) {
  const { data, error, isLoading, mutate } = useAkontoBerechnung(stichtag);
  if (!data) {
    return error && !isLoading ? (
      <LoadFailed title="Das Akonto konnte nicht berechnet werden." error={error} onRetry={() => void mutate()} />
    ) : (
      <Loading label="Akonto wird berechnet …" />
    );
  }
  return <AkontoTabelle berechnung={data} canEdit={canEdit} />;
}

const initialWerte = (b: AkontoBerechnung) =>
  Object.fromEntries(b.zeilen.map((z) => [z.parzelleId, centsToEuro(z.akontoCent)]));

/** The editable akonto per plot, with the totals; saved as a whole. */
export function AkontoTabelle({ berechnung, canEdit }: { berechnung: AkontoBerechnung; canEdit: boolean }) {
  const [werte, setWerte] = useState<Record<number, number>>(() => initialWerte(berechnung));
  const [basis, setBasis] = useState<Record<number, number>>(() => initialWerte(berechnung));
  const [speichert, setSpeichert] = useState(false);
  useEffect(() => {
    setWerte(initialWerte(berechnung));
    setBasis(initialWerte(berechnung));
  }, [berechnung]);
  const dirty = canEdit && JSON.stringify(werte) !== JSON.stringify(basis);
  const guard = useUnsavedChangesGuard(dirty);
  const ungueltig = berechnung.zeilen.filter((z) => {
    const v = werte[z.parzelleId] ?? Number.NaN;
    return !Number.isFinite(v) || v < 0;
  });
  const summe = useMemo(
    () => ({
      vorschlag: berechnung.zeilen.reduce((s, z) => s + z.vorschlagCent, 0),
      akonto: berechnung.zeilen.reduce((s, z) => {
        const v = werte[z.parzelleId];
        return s + (v !== undefined && Number.isFinite(v) ? euroToCents(v) : 0);
      }, 0),
    }),
    [berechnung, werte],
  );
  const datum = formatGermanDate(berechnung.stichtag);

  async function speichern() {
    if (ungueltig.length > 0) return;
    setSpeichert(true);
    try {
      await saveWithToast(
        () =>
          speichereAkonto({
            stichtag: berechnung.stichtag,
            zeilen: berechnung.zeilen.map((z) => ({
              parzelleId: z.parzelleId,
              akontoCent: euroToCents(werte[z.parzelleId] ?? 0),
            })),
          }),
        { success: `Akonto zum ${datum} gespeichert.` },
      );
      setBasis(werte);
    } catch {
      // The error toast says why.
    } finally {
      setSpeichert(false);
    }
  }

  return (
    <Flex direction="column" gap="size-200">
      <Heading level={2} margin={0}>
        Akonto zum {datum}
      </Heading>
      <Text>
        {berechnung.gespeichert ? 'Gespeichert.' : 'Noch nicht gespeichert: die Beträge sind der Vorschlag.'}{' '}
        {berechnung.abrechnungStichtag
          ? `Menge aus der Abrechnung zum ${formatGermanDate(berechnung.abrechnungStichtag)}.`
          : 'Es gibt noch keine Abrechnung davor: jede Parzelle bekommt das Mindest-Akonto.'}
      </Text>
      {ungueltig.length > 0 ? (
        <MessageBanner
          level="danger"
          title="Bitte Beträge prüfen"
          message={`Ein Akonto ist ein Betrag ab 0 €; es fehlt oder ist negativ bei Parzelle ${ungueltig.map((z) => z.parzelleNummer).join(', ')}.`}
        />
      ) : null}
      <div className="kgv-akonto-frame">
        <table className="kgv-akonto" aria-label={`Akonto zum ${datum}`}>
          <thead>
            <tr>
              <th scope="col">Parzelle</th>
              <th scope="col">Name</th>
              <th scope="col" className="kgv-zahl">
                Verrechnete Menge
              </th>
              <th scope="col" className="kgv-zahl">
                Vorschlag
              </th>
              <th scope="col" className="kgv-zahl">
                Akonto
              </th>
            </tr>
          </thead>
          <tbody>
            {berechnung.zeilen.map((z) => (
              <tr key={z.parzelleId}>
                <th scope="row">{z.parzelleNummer}</th>
                <td>{z.adresseName ?? ''}</td>
                <td className="kgv-zahl">{z.verbrauch === null ? '–' : m3(z.verbrauch)}</td>
                <td className="kgv-zahl">{euro(z.vorschlagCent)}</td>
                <td className="kgv-zahl">
                  {canEdit ? (
                    <NumberInput
                      aria-label={`Akonto Parzelle ${z.parzelleNummer}`}
                      formatOptions={EURO_FORMAT}
                      value={werte[z.parzelleId] ?? Number.NaN}
                      onChange={(value) => setWerte((w) => ({ ...w, [z.parzelleId]: value }))}
                      width="size-1600"
                      {...(ungueltig.includes(z) ? { validationState: 'invalid' as const } : {})}
                    />
                  ) : (
                    euro(z.akontoCent)
                  )}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Summe</th>
              <td>{berechnung.zeilen.length} Parzellen</td>
              <td />
              <td className="kgv-zahl">{euro(summe.vorschlag)}</td>
              <td className="kgv-zahl">{euro(summe.akonto)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {canEdit ? (
        <View>
          <Flex gap="size-100" wrap>
            <Button
              variant="secondary"
              onPress={() =>
                setWerte(Object.fromEntries(berechnung.zeilen.map((z) => [z.parzelleId, centsToEuro(z.vorschlagCent)])))
              }
            >
              Vorschläge übernehmen
            </Button>
            <Button
              variant="accent"
              onPress={() => void speichern()}
              isPending={speichert}
              isDisabled={ungueltig.length > 0}
            >
              Akonto speichern
            </Button>
          </Flex>
        </View>
      ) : null}
      {guard.dialog}
    </Flex>
  );
}

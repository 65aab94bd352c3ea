import { Button, Flex, Heading, Text, View } from '@adobe/react-spectrum';
import { useState } from 'react';
import { formatArea } from '../../../../../src/platform/money';
import { type Pachtberechnung, savePachtberechnung } from '../../../api/abrechnung';
import { fieldErrors } from '../../../api/errors';
import { saveWithToast } from '../../../api/toast';
import { invalid, NumberInput } from '../../../components/formKit';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard';
import {
  AREA_FORMAT,
  BuchungskontoPicker,
  decimalToNumber,
  numberToDecimal,
  RATE_FORMAT,
  SteuersatzPicker,
  useBuchungskontenDesJahres,
} from '../basisdatenKit';

interface Werte {
  pachtzinsProM2: number;
  grundsteuerProM2: number;
  gemeinschaftsflaeche: number;
  zahlungszielTage: number;
  pachtSteuersatz: number;
  konten: Pachtberechnung['buchungskonten'];
}

const werteVon = (p: Pachtberechnung): Werte => ({
  pachtzinsProM2: decimalToNumber(p.pachtzinsProM2),
  grundsteuerProM2: decimalToNumber(p.grundsteuerProM2),
  gemeinschaftsflaeche: decimalToNumber(p.gemeinschaftsflaeche),
  zahlungszielTage: p.zahlungszielTage ?? Number.NaN,
  pachtSteuersatz: p.pachtSteuersatz,
  konten: p.buchungskonten,
});

export interface SaetzeFormProps {
  pacht: Pachtberechnung;
  readOnly: boolean;
}

/** The year's rates: Pachtzins, Grundsteuer, common area, payment term, tax rate, booking accounts. */
export function SaetzeForm({ pacht, readOnly }: SaetzeFormProps) {
  const [werte, setWerte] = useState<Werte>(() => werteVon(pacht));
  const [fehler, setFehler] = useState<Record<string, string>>({});
  const [speichert, setSpeichert] = useState(false);
  const { konten, kassaabrechnungFehlt } = useBuchungskontenDesJahres(pacht.jahr);
  // NaN never equals NaN: compare as JSON (NaN → null), as the fields show them.
  const guard = useUnsavedChangesGuard(JSON.stringify(werte) !== JSON.stringify(werteVon(pacht)));
  const set = <K extends keyof Werte>(key: K, value: Werte[K]) => setWerte((w) => ({ ...w, [key]: value }));
  const fehlerAn = (feld: string) => invalid(fehler[feld]);

  async function speichern() {
    const lokal: Record<string, string> = {};
    if (Number.isNaN(werte.pachtzinsProM2)) lokal.pachtzinsProM2 = 'Bitte geben Sie den Pachtzins pro m² an.';
    if (Number.isNaN(werte.gemeinschaftsflaeche))
      lokal.gemeinschaftsflaeche = 'Bitte geben Sie die Gemeinschaftsfläche an (0 für keine).';
    setFehler(lokal);
    if (Object.keys(lokal).length > 0) return;
    setSpeichert(true);
    try {
      await saveWithToast(
        () =>
          savePachtberechnung({
            id: pacht.id,
            version: pacht.version,
            pachtzinsProM2: numberToDecimal(werte.pachtzinsProM2, 4),
            grundsteuerProM2: Number.isNaN(werte.grundsteuerProM2) ? null : numberToDecimal(werte.grundsteuerProM2, 4),
            gemeinschaftsflaeche: numberToDecimal(werte.gemeinschaftsflaeche, 2),
            zahlungszielTage: Number.isNaN(werte.zahlungszielTage) ? null : werte.zahlungszielTage,
            pachtSteuersatz: werte.pachtSteuersatz,
            buchungskonten: werte.konten,
          }),
        { success: `Sätze ${pacht.jahr} gespeichert.`, source: 'pachtberechnung' },
      );
    } catch (error) {
      setFehler(fieldErrors(error));
    } finally {
      setSpeichert(false);
    }
  }

  const konto = (key: keyof Pachtberechnung['buchungskonten'], label: string) => (
    <BuchungskontoPicker
      label={label}
      konten={konten}
      value={werte.konten[key]}
      onChange={(id) => set('konten', { ...werte.konten, [key]: id })}
      isDisabled={readOnly}
    />
  );

  return (
    <View borderWidth="thin" borderColor="default" borderRadius="medium" padding="size-250">
      {guard.dialog}
      <Heading level={2} marginTop={0}>
        Sätze {pacht.jahr}
      </Heading>
      <form
        aria-label={`Sätze ${pacht.jahr}`}
        onSubmit={(e) => {
          e.preventDefault();
          void speichern();
        }}
      >
        <Flex gap="size-300" wrap>
          <NumberInput
            label="Pachtzins €/m²"
            width="size-2400"
            isRequired
            isDisabled={readOnly}
            formatOptions={RATE_FORMAT}
            value={werte.pachtzinsProM2}
            onChange={(v) => set('pachtzinsProM2', v)}
            description="Bis zu 4 Nachkommastellen, z. B. 1,31 €."
            {...fehlerAn('pachtzinsProM2')}
          />
          <NumberInput
            label="Grundsteuer €/m²"
            width="size-2400"
            isDisabled={readOnly}
            formatOptions={RATE_FORMAT}
            value={werte.grundsteuerProM2}
            onChange={(v) => set('grundsteuerProM2', v)}
            description="Leer = keine Grundsteuer."
            {...fehlerAn('grundsteuerProM2')}
          />
          <NumberInput
            label="Gemeinschaftsfläche m²"
            width="size-2400"
            isRequired
            isDisabled={readOnly}
            formatOptions={AREA_FORMAT}
            value={werte.gemeinschaftsflaeche}
            onChange={(v) => set('gemeinschaftsflaeche', v)}
            description={`Wird auf die Parzellen aufgeteilt (Parzellen zusammen: ${formatArea(pacht.summeFlaeche, { nbsp: false })}).`}
            {...fehlerAn('gemeinschaftsflaeche')}
          />
          <NumberInput
            label="Zahlungsziel Tage"
            width="size-2400"
            isDisabled={readOnly}
            formatOptions={{ maximumFractionDigits: 0 }}
            value={werte.zahlungszielTage}
            onChange={(v) => set('zahlungszielTage', v)}
            description={`Leer = aus den Vereinseinstellungen (wirksam: ${pacht.zahlungszielTageWirksam} Tage).`}
            {...fehlerAn('zahlungszielTage')}
          />
          <SteuersatzPicker
            value={werte.pachtSteuersatz}
            onChange={(s) => set('pachtSteuersatz', s)}
            isDisabled={readOnly}
          />
        </Flex>
        <Flex gap="size-300" wrap marginTop="size-100">
          {konto('pachtzins', 'Buchungskonto Pachtzins')}
          {konto('gemeinschaftsflaeche', 'Buchungskonto Gemeinschaftsfläche')}
          {konto('grundsteuer', 'Buchungskonto Grundsteuer')}
        </Flex>
        {kassaabrechnungFehlt ? (
          <Text>
            Für {pacht.jahr} gibt es noch keine Kassaabrechnung: die Buchungskonten stehen erst danach zur Wahl.
          </Text>
        ) : null}
        {readOnly ? null : (
          <Flex marginTop="size-200">
            <Button variant="accent" type="submit" isPending={speichert}>
              Speichern
            </Button>
          </Flex>
        )}
      </form>
    </View>
  );
}

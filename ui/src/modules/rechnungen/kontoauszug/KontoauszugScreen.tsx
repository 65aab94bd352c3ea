import { Button, Content, Flex, Heading, IllustratedMessage, Text, View } from '@adobe/react-spectrum';
import { useState } from 'react';
import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { formatEuro } from '../../../../../src/platform/money';
import { type KontoauszugAnfrage, kontoauszugPdfUrl, useKontoauszug } from '../../../api/kontoauszug';
import { usePageTitle } from '../../../app/usePageTitle';
import { useQueryParam } from '../../../app/useQueryParam';
import { DateField } from '../../../components/formKit';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { AdresseWahl } from './AdresseWahl';
import { KontoauszugTabelle } from './KontoauszugTabelle';

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** A date field kept in the URL as YYYY-MM-DD; what is being typed stays in the field until it is a date. */
function useDatumParam(name: string) {
  const [param, setParam] = useQueryParam(name);
  const wert = ISO.test(param) ? param : undefined;
  const [text, setText] = useState(formatGermanDate(wert));
  const geparst = parseGermanDate(text);
  return {
    wert,
    text,
    fehler: geparst === undefined ? 'Bitte das Datum als TT.MM.JJJJ eingeben oder leer lassen.' : undefined,
    setText: (t: string) => {
      setText(t);
      const iso = parseGermanDate(t);
      if (iso !== undefined) setParam(iso ?? '');
    },
  };
}

/** The closing balance in words: who owes whom. */
function saldoText(cent: number): string {
  if (cent > 0) return `${formatEuro(cent)} sind zu bezahlen.`;
  if (cent < 0) return `${formatEuro(-cent)} Guthaben des Mitglieds.`;
  return 'Das Konto ist ausgeglichen.';
}

/**
 * /rechnungen/kontoauszug?adresseId= — one member's account: every receivable, payment, credit,
 * offset and reminder fee with the running balance, for a period (`von`, `bis`; empty = from the
 * start, up to today), and the same as a PDF letter to the member.
 */
export default function KontoauszugScreen() {
  usePageTitle('Mitglieder-Kontoauszug');
  const [adresseParam, setAdresseParam] = useQueryParam('adresseId');
  const von = useDatumParam('von');
  const bis = useDatumParam('bis');
  const adresseId = Number(adresseParam);
  const anfrage: KontoauszugAnfrage | null =
    Number.isInteger(adresseId) && adresseId > 0 ? { adresseId, von: von.wert, bis: bis.wert } : null;
  const auszug = useKontoauszug(anfrage);
  const daten = auszug.data;

  return (
    <Flex direction="column" gap="size-200">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">Rechnungen</Text>
        <Heading level={1} margin={0}>
          Mitglieder-Kontoauszug
        </Heading>
      </View>
      {/* Top-aligned with the button on the inputs' line: bottom alignment put it on the hints' line. */}
      <Flex gap="size-200" alignItems="start" wrap>
        <AdresseWahl
          value={anfrage?.adresseId}
          onChange={(id) => setAdresseParam(id === undefined ? '' : String(id))}
        />
        <DateField
          label="Von"
          value={von.text}
          onChange={von.setText}
          description="leer = seit der ersten Buchung"
          error={von.fehler}
        />
        <DateField
          label="Bis"
          value={bis.text}
          onChange={bis.setText}
          description="leer = bis heute"
          error={bis.fehler}
        />
        {anfrage ? (
          <View marginTop="size-300">
            <Button variant="secondary" onPress={() => window.open(kontoauszugPdfUrl(anfrage), '_blank', 'noopener')}>
              Kontoauszug als PDF
            </Button>
          </View>
        ) : null}
      </Flex>
      {!anfrage ? (
        <View borderWidth="thin" borderColor="default" borderRadius="medium" padding="size-300" maxWidth="size-6000">
          <IllustratedMessage>
            <Heading>Mitglied wählen</Heading>
            <Content>
              Wählen Sie oben das Mitglied: Sie sehen alle Rechnungen, Zahlungen, Gutschriften und Mahngebühren mit dem
              laufenden Saldo, wie auf einem Bankauszug.
            </Content>
          </IllustratedMessage>
        </View>
      ) : daten ? (
        <Flex direction="column" gap="size-150">
          <Text aria-live="polite">
            {`${daten.adresse.name}: ${saldoText(daten.endSaldoCent)} Offene Rechnungen ${formatEuro(daten.offenCent)}, Guthaben ${formatEuro(daten.guthabenCent)}.`}
          </Text>
          {daten.zeilen.length === 0 ? <Text>In diesem Zeitraum gibt es keine Buchungen.</Text> : null}
          <KontoauszugTabelle auszug={daten} />
        </Flex>
      ) : auszug.error && !auszug.isLoading ? (
        <LoadFailed
          title="Der Kontoauszug konnte nicht geladen werden."
          error={auszug.error}
          onRetry={() => void auszug.mutate()}
        />
      ) : (
        <Loading label="Kontoauszug wird geladen …" />
      )}
    </Flex>
  );
}

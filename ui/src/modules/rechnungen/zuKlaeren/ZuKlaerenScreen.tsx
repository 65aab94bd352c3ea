import {
  DialogContainer,
  Flex,
  Heading,
  Item,
  type Key,
  Link,
  Picker,
  Text,
  TextField,
  View,
} from '@adobe/react-spectrum';
import { useState } from 'react';
import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { formatEuro } from '../../../../../src/platform/money';
import { useHasRight } from '../../../api/common';
import { useKonten } from '../../../api/kassa';
import { useZuKlaeren, type ZuKlaerenZeile } from '../../../api/zahlungen';
import { usePageTitle } from '../../../app/usePageTitle';
import { useQueryParam } from '../../../app/useQueryParam';
import { invalid } from '../../../components/formKit';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { ZahlungKarte } from './ZahlungKarte';
import { ZuordnenDialog } from './ZuordnenDialog';
import '../../../components/denseTable.css';
import './zuKlaeren.css';

// 'Zahlungen zuordnen' (/rechnungen/zuklaeren): the bank credits the import could not allocate by
// itself (no RF reference, no receivable number, no known IBAN with the exact amount), oldest first,
// each with the receivables that could take it. One click allocates a suggestion; "Andere Rechnung
// suchen …" splits a payment over several receivables or parks a rest as credit; "Keine Forderung"
// (a donation, a refund) takes it off the list. The account filter lives in the URL.

const ALLE = 'alle';
const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** A date filter typed as TT.MM.JJJJ, kept in the URL as YYYY-MM-DD once it reads as a date (empty = none). */
function DatumFilter({ param, label }: { param: string; label: string }) {
  const [wert, setWert] = useQueryParam(param);
  const [text, setText] = useState(ISO.test(wert) ? formatGermanDate(wert) : '');
  return (
    <TextField
      label={label}
      value={text}
      width="size-1600"
      onChange={(t) => {
        setText(t);
        // null = emptied (no filter), undefined = not (yet) a date: the list keeps the last one.
        const neu = parseGermanDate(t);
        if (neu !== undefined) setWert(neu ?? '');
      }}
      {...invalid(parseGermanDate(text) === undefined ? 'Bitte als TT.MM.JJJJ eingeben.' : undefined)}
    />
  );
}

export default function ZuKlaerenScreen() {
  usePageTitle('Zahlungen zuordnen');
  const canEdit = useHasRight('WebApp.Rechnungspruefung.Edit') === true;
  const [kontoParam, setKontoParam] = useQueryParam('konto');
  const kontoId = Number(kontoParam) > 0 ? Number(kontoParam) : undefined;
  const konten = useKonten();
  const bankKonten = (konten.data ?? []).filter((k) => k.art === 'bank');
  const [von] = useQueryParam('von');
  const [bis] = useQueryParam('bis');
  const liste = useZuKlaeren({
    kontoId,
    von: ISO.test(von) ? von : undefined,
    bis: ISO.test(bis) ? bis : undefined,
  });
  const [offen, setOffen] = useState<ZuKlaerenZeile | null>(null);

  const zeilen = liste.data ?? [];
  const summe = zeilen.reduce((s, z) => s + z.eintrag.restCent, 0);

  return (
    <Flex direction="column" gap="size-200">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">Rechnungen</Text>
        <Heading level={1} margin={0}>
          Zahlungen zuordnen
        </Heading>
      </View>
      <Text>
        Hier stehen die Gutschriften vom Bankkonto, die der Kontoauszug-Import keiner Rechnung sicher zuordnen konnte.
        {canEdit ? ' Wählen Sie beim passenden Vorschlag „zuordnen“ oder suchen Sie die Rechnung selbst.' : ''}
      </Text>
      <Flex gap="size-200" wrap alignItems="end">
        <DatumFilter param="von" label="Datum von" />
        <DatumFilter param="bis" label="Datum bis" />
        {bankKonten.length > 1 ? (
          <Picker
            label="Bankkonto"
            items={[
              { id: ALLE, name: 'alle Bankkonten' },
              ...bankKonten.map((k) => ({ id: String(k.id), name: k.name })),
            ]}
            selectedKey={kontoId ? String(kontoId) : ALLE}
            onSelectionChange={(key: Key | null) => setKontoParam(key === null || key === ALLE ? '' : String(key))}
            width="size-3600"
          >
            {(k) => <Item key={k.id}>{k.name}</Item>}
          </Picker>
        ) : null}
      </Flex>
      {liste.data ? (
        zeilen.length === 0 ? (
          <Text>
            Alles zugeordnet – keine offenen Zahlungen. Neue Zahlungen kommen mit dem Kontoauszug (
            <Link href="/kassa/kassabuch">Kassabuch → Kontoauszug importieren</Link>).
          </Text>
        ) : (
          <>
            <Text aria-live="polite">
              {zeilen.length === 1 ? '1 Zahlung' : `${zeilen.length} Zahlungen`} zu klären, zusammen {formatEuro(summe)}
            </Text>
            {zeilen.map((z) => (
              <ZahlungKarte key={z.eintrag.id} zeile={z} canEdit={canEdit} onAndere={() => setOffen(z)} />
            ))}
          </>
        )
      ) : liste.error ? (
        <LoadFailed
          title="Die Zahlungen konnten nicht geladen werden."
          error={liste.error}
          onRetry={() => void liste.mutate()}
        />
      ) : (
        <Loading label="Zahlungen werden geladen" />
      )}
      <DialogContainer onDismiss={() => setOffen(null)}>
        {offen ? <ZuordnenDialog key={offen.eintrag.id} zeile={offen} /> : null}
      </DialogContainer>
    </Flex>
  );
}

import { Button, ButtonGroup, Checkbox, Flex, Item, type Key, Picker, Text } from '@adobe/react-spectrum';
import { type ReactNode, useState } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { formatEuro } from '../../../../../src/platform/money';
import {
  type BriefeAnfrage,
  briefeSpeichern,
  type LaufParameter,
  type LaufVorschau,
  useZvSortBy,
} from '../../../api/abrechnung';
import { showErrorToast } from '../../../api/toast';
import { MessageBanner } from '../../../components/MessageBanner';
import { SchrittTitel } from './LaufSchritte';

/** "25.11.2026, 07:10": when the run was booked, in Vienna time (the club's). */
export function zeitpunktText(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return formatGermanDate(iso.slice(0, 10));
  const datum = new Intl.DateTimeFormat('de-AT', {
    timeZone: 'Europe/Vienna',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(d);
  return datum;
}

/** „gebucht am 25.11.2026, 07:10 von Olga Obfrau: 127 Forderungen, Summe € 98.765,43“. */
export function gebuchtText(v: LaufVorschau): string {
  const s = v.status;
  const von = s.gebuchtVon ? ` von ${s.gebuchtVon}` : '';
  return `gebucht am ${zeitpunktText(s.gebuchtAm)}${von}: ${s.anzahl === 1 ? '1 Forderung' : `${s.anzahl} Forderungen`}, Summe ${formatEuro(s.summeCent)}`;
}

/** Step 5: the booked letters as one PDF or a ZIP of one PDF per address, optionally only those sent by post. */
export function SchrittDrucken(props: {
  vorschau: LaufVorschau;
  params: LaufParameter;
  sortierung: boolean;
  sortBy: string;
  onSortBy: (sortBy: string) => void;
  zusatz?: ReactNode;
  onZurueck: () => void;
  onWeiter: () => void;
}) {
  const { vorschau, params } = props;
  const [nurPost, setNurPost] = useState(false);
  const [laeuft, setLaeuft] = useState<'pdf' | 'zip' | null>(null);
  const sortierungen = useZvSortBy();
  const gebucht = vorschau.status.gebucht;

  async function drucke(zip: boolean) {
    setLaeuft(zip ? 'zip' : 'pdf');
    const anfrage: BriefeAnfrage = {
      ...params,
      // A booked run's letters carry the booking's date; the letters are the stored receivables.
      date: vorschau.status.datum ?? params.date,
      zip,
      nurPost,
      sortBy: props.sortBy || undefined,
    };
    try {
      await briefeSpeichern(anfrage, `${vorschau.titel}${nurPost ? ' Post' : ''}`);
    } catch (error) {
      showErrorToast(error);
    } finally {
      setLaeuft(null);
    }
  }

  return (
    <>
      <SchrittTitel nr={5}>5. Drucken</SchrittTitel>
      {gebucht ? (
        <MessageBanner level="success" title={`${vorschau.titel} ist gebucht`} message={gebuchtText(vorschau)} />
      ) : (
        <MessageBanner
          level="info"
          message={`${vorschau.titel} ist noch nicht gebucht: gedruckt werden Entwürfe ohne Rechnungsnummer und Zahlschein.`}
        />
      )}
      <Flex gap="size-200" alignItems="end" wrap>
        {props.sortierung ? (
          <Picker
            label="Reihenfolge"
            items={sortierungen.data ?? []}
            selectedKey={props.sortBy || null}
            placeholder="wie in den Vereinseinstellungen"
            onSelectionChange={(key: Key | null) => props.onSortBy(key === null ? '' : String(key))}
            width="size-3000"
          >
            {(item) => <Item key={item.id}>{item.name}</Item>}
          </Picker>
        ) : null}
        <Checkbox isSelected={nurPost} onChange={setNurPost}>
          nur Briefe für Postversand (ohne Adressen, die E-Mail bevorzugen)
        </Checkbox>
      </Flex>
      <Flex gap="size-150" wrap>
        <Button variant="accent" onPress={() => void drucke(false)} isPending={laeuft === 'pdf'}>
          Alle Briefe als PDF
        </Button>
        <Button variant="secondary" onPress={() => void drucke(true)} isPending={laeuft === 'zip'}>
          Ein PDF je Adresse (ZIP)
        </Button>
        {props.zusatz}
      </Flex>
      <Text>Gedruckte Briefe werden im Protokoll vermerkt.</Text>
      <ButtonGroup>
        <Button variant="secondary" onPress={props.onZurueck}>
          Zurück
        </Button>
        <Button variant="accent" onPress={props.onWeiter}>
          Weiter zum E-Mail-Versand
        </Button>
      </ButtonGroup>
    </>
  );
}

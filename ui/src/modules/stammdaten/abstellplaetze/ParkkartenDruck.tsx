import { Flex, Heading, Link, ProgressCircle, Text, TextField } from '@adobe/react-spectrum';
import { type ReactNode, useState } from 'react';
import { describeError } from '../../../api/errors';
import { type ParkkartenInfo, parkkartenPdfUrl } from '../../../api/stammdaten/parkkarten';
import { useParzellen } from '../../../api/stammdaten/parzellen';
import { MessageBanner } from '../../../components/MessageBanner';

/**
 * The PDF links. A link is only offered when the PDF has cards: otherwise the server answers 422
 * and the user would see an error page in a new tab instead of a sentence here.
 */
export function PrintSection({ info, unsaved }: { info: ParkkartenInfo; unsaved: boolean }) {
  const [nummer, setNummer] = useState('');
  const wanted = nummer.trim();
  // The year's plots give both the id (the PDF call takes a number as an id first) and the count.
  const { data: parzellen, error } = useParzellen({ pachtabrechnungID: info.pachtabrechnungId }, wanted !== '');
  if (info.anzahlKarten === 0) return null;
  const needle = wanted.toLocaleLowerCase('de-AT');
  const parzelle = parzellen?.find((p) => p.nummer.toLocaleLowerCase('de-AT') === needle);

  let plotResult: ReactNode = null;
  if (wanted !== '') {
    if (parzelle && parzelle.anzahlParkkarten > 0) {
      plotResult = (
        <Flex gap="size-100" alignItems="center" wrap>
          <Link href={parkkartenPdfUrl(info.pachtabrechnungId, parzelle.id)} target="_blank" rel="noreferrer">
            Parkkarten dieser Parzelle (PDF)
          </Link>
          <Text>
            {parzelle.anzahlParkkarten === 1 ? '1 Parkkarte' : `${parzelle.anzahlParkkarten} Parkkarten`} für Parzelle{' '}
            {parzelle.nummer}
          </Text>
        </Flex>
      );
    } else if (parzelle) {
      plotResult = (
        <Text>
          Für Parzelle {parzelle.nummer} sind {info.jahr} keine Parkkarten vorgesehen.
        </Text>
      );
    } else if (parzellen) {
      plotResult = <Text>Eine Parzelle „{wanted}“ gibt es nicht.</Text>;
    } else if (error) {
      plotResult = (
        <MessageBanner
          level="danger"
          title="Die Parzellen konnten nicht geladen werden."
          message={describeError(error)}
        />
      );
    } else {
      plotResult = <ProgressCircle aria-label="Die Parzellen werden geladen …" isIndeterminate size="S" />;
    }
  }

  return (
    <Flex direction="column" gap="size-150">
      <Heading level={3} margin={0}>
        Drucken
      </Heading>
      {unsaved ? <Text>Noch nicht gespeichert: Das PDF zeigt die zuletzt gespeicherten Angaben.</Text> : null}
      <Link href={parkkartenPdfUrl(info.pachtabrechnungId)} target="_blank" rel="noreferrer">
        Alle Parkkarten drucken (PDF)
      </Link>
      <TextField
        label="Parzellennummer"
        description="Nur die Karten einer Parzelle drucken"
        value={nummer}
        onChange={setNummer}
        maxLength={20}
        width="size-2400"
      />
      {plotResult}
    </Flex>
  );
}

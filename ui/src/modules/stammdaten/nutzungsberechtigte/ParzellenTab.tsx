import {
  Cell,
  Column,
  Flex,
  Heading,
  Link,
  Row,
  TableBody,
  TableHeader,
  TableView,
  Text,
  View,
} from '@adobe/react-spectrum';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { type AdresseDetail, useAdresseImJahr } from '../../../api/stammdaten/adressen';
import { useSelectedYear, YearPicker } from '../../../components/YearPicker';
import { formatArea } from '../parzellen/format';

const plotHref = (id: number) => `/stammdatenverwalten/parzellen?id=${id}`;

/** Tab "Parzellen": the plots held today, and those of a chosen year with that year's values. */
export function ParzellenTab({ adresse }: { adresse: AdresseDetail | undefined }) {
  const parzellen = adresse?.parzellen ?? [];
  return (
    <View marginTop="size-200">
      {parzellen.length === 0 ? (
        <Text>
          Diese Adresse hat derzeit keine Parzelle. Eine Parzelle wird über „Gartenwechsel“ bei der Parzelle zugeordnet.
        </Text>
      ) : (
        <ul aria-label="Parzellen der Adresse">
          {parzellen.map((parzelle) => (
            <li key={parzelle.id}>
              <Link href={plotHref(parzelle.id)}>Parzelle {parzelle.nummer}</Link>
              <Text> – seit {formatGermanDate(parzelle.von)}</Text>
            </li>
          ))}
        </ul>
      )}
      {adresse ? <ParzellenImJahr adresse={adresse} /> : null}
    </View>
  );
}

/** The plots of the year in `?jahr=` (the newest by default): what the year's billing will see. */
function ParzellenImJahr({ adresse }: { adresse: AdresseDetail }) {
  const { pachtabrechnungID } = useSelectedYear();
  const { data } = useAdresseImJahr(adresse.id, pachtabrechnungID);
  // Until the chosen year is loaded, the newest year's answer would mislead: show nothing then.
  const jahr = pachtabrechnungID ? data?.jahr : adresse.jahr;
  return (
    <View marginTop="size-300">
      <Flex alignItems="end" gap="size-200" wrap>
        <Heading level={3} margin={0}>
          {jahr ? `Parzellen im Jahr ${jahr.jahr}` : 'Parzellen im Jahr'}
        </Heading>
        <YearPicker />
      </Flex>
      {jahr && jahr.parzellen.length === 0 ? <Text>In diesem Jahr hatte die Adresse keine Parzelle.</Text> : null}
      {jahr && jahr.parzellen.length > 0 ? (
        <TableView aria-label={`Parzellen im Jahr ${jahr.jahr}`} density="compact" marginTop="size-100">
          <TableHeader>
            <Column key="nummer">Parzelle</Column>
            <Column key="zeitraum">Zeitraum</Column>
            <Column key="flaeche" align="end">
              Fläche
            </Column>
            <Column key="gemeinschaft" align="end">
              Gemeinschaftsfläche
            </Column>
            <Column key="karten" align="end">
              Parkkarten
            </Column>
          </TableHeader>
          <TableBody>
            {jahr.parzellen.map((p) => (
              <Row key={`${p.id}-${p.von}`}>
                <Cell>{p.nummer}</Cell>
                <Cell>
                  {p.bis
                    ? `${formatGermanDate(p.von)} – ${formatGermanDate(p.bis)}`
                    : `seit ${formatGermanDate(p.von)}`}
                </Cell>
                <Cell>{formatArea(p.flaeche)}</Cell>
                <Cell>{p.gemeinschaftsflaeche === null ? '–' : formatArea(p.gemeinschaftsflaeche)}</Cell>
                <Cell>{String(p.anzahlParkkarten)}</Cell>
              </Row>
            ))}
          </TableBody>
        </TableView>
      ) : null}
    </View>
  );
}

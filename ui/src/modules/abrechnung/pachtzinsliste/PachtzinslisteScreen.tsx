import { Content, Flex, Heading, IllustratedMessage, Text, TextField, View } from '@adobe/react-spectrum';
import { useMemo, useState } from 'react';
import { formatGermanDate, todayIso } from '../../../../../src/platform/dates';
import { pachtzinslisteSpeichern, usePachtzinsliste } from '../../../api/abrechnung';
import { usePageTitle } from '../../../app/usePageTitle';
import { useQueryParam } from '../../../app/useQueryParam';
import { ExportMenu } from '../../../components/ExportMenu';
import { ListTable, type SortDescriptor } from '../../../components/ListTable';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { useSelectedYear, YearPicker } from '../../../components/YearPicker';
import { compareValues } from '../../../lib/format';
import { AdresseFilter } from '../weitereMitgliedschaften/AdresseFilter';
import { SPALTEN, SummenZeile, type Zeile } from './pachtzinslisteSpalten';
import './pachtzinsliste.css';

/**
 * /jahresabrechnung/pachtzinsliste (issue 14): the lease per plot for the Generalpächter — area,
 * common-area share, Pachtzins, Gemeinschaftsfläche, Grundsteuer, surcharges — with the sums; the
 * holder as on the Stichtag. PDF and Excel carry the same numbers. Inputs in the URL
 * (?jahr=&datum=&adresse=).
 */
export default function PachtzinslisteScreen() {
  usePageTitle('Pachtzinsliste');
  const { pachtabrechnungID, year } = useSelectedYear();
  const [datum, setDatum] = useQueryParam('datum');
  const [adresse, setAdresse] = useQueryParam('adresse');
  const adresseId = /^\d+$/.test(adresse) ? Number(adresse) : undefined;
  const params = { pachtabrechnungID, date: datum || undefined, adress: adresseId };
  const liste = usePachtzinsliste(params);
  const [sort, setSort] = useState<SortDescriptor>({ column: 'nummer', direction: 'ascending' });

  const zeilen = useMemo(() => {
    const rows: Zeile[] = (liste.data?.zeilen ?? []).map((z) => ({ ...z, id: z.parzelleId }));
    const value = SPALTEN.find((c) => c.key === sort.column)?.sortValue;
    if (!value) return rows;
    const factor = sort.direction === 'descending' ? -1 : 1;
    return rows.sort((a, b) => factor * compareValues(value(a), value(b)));
  }, [liste.data, sort]);

  const jahr = liste.data?.jahr ?? year?.jahr;
  return (
    <Flex direction="column" gap="size-200">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">Jahresvorschreibung</Text>
        <Heading level={1} margin={0}>
          Pachtzinsliste {jahr ?? ''}
        </Heading>
      </View>
      <Flex gap="size-200" alignItems="end" wrap>
        <YearPicker label="Abrechnungsjahr" />
        <TextField
          label="Stichtag (Nutzungsberechtigte am)"
          type="date"
          value={datum || todayIso()}
          onChange={(v) => setDatum(v === todayIso() ? '' : v)}
        />
        <AdresseFilter value={adresseId} onChange={(id) => setAdresse(id === undefined ? '' : String(id))} />
        <ExportMenu
          isDisabled={!liste.data}
          onExport={(format) =>
            pachtzinslisteSpeichern(params, format, `Pachtzinsliste ${jahr ?? ''} ${liste.data?.datum ?? ''}`.trim())
          }
        />
      </Flex>
      {liste.error ? (
        <LoadFailed
          title="Die Pachtzinsliste konnte nicht geladen werden."
          error={liste.error}
          onRetry={() => void liste.mutate()}
        />
      ) : !liste.data ? (
        <Loading label="Die Pachtzinsliste wird geladen …" />
      ) : (
        <>
          <Text>
            {zeilen.length} {zeilen.length === 1 ? 'Parzelle' : 'Parzellen'}, Nutzungsberechtigte am{' '}
            {formatGermanDate(liste.data.datum)}.
          </Text>
          <ListTable<Zeile>
            label={`Pachtzinsliste ${liste.data.jahr}`}
            columns={SPALTEN}
            rows={zeilen}
            sort={sort}
            onSortChange={setSort}
            emptyState={() => (
              <IllustratedMessage>
                <Heading>Keine Parzellen</Heading>
                <Content>
                  {adresseId === undefined
                    ? 'In diesem Jahr gibt es keine aktiven Parzellen.'
                    : 'Diese Adresse hat am Stichtag keine Parzelle.'}
                </Content>
              </IllustratedMessage>
            )}
          />
          <SummenZeile summen={liste.data.summen} anzahl={zeilen.length} />
        </>
      )}
    </Flex>
  );
}

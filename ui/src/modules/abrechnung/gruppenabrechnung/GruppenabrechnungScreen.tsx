import { ActionButton, Button, DialogContainer, Flex, Heading, Item, Picker, Text, View } from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import Delete from '@spectrum-icons/workflow/Delete';
import Edit from '@spectrum-icons/workflow/Edit';
import { type Key, useState } from 'react';
import { VERTEILUNG_LABEL } from '../../../../../src/modules/abrechnung/schema/gruppenabrechnung';
import { formatEuro } from '../../../../../src/platform/money';
import {
  deleteGruppenabrechnung,
  type GruppenabrechnungPosition,
  useGruppenabrechnung,
  useGruppenLookup,
  useLaufStatus,
} from '../../../api/abrechnung';
import { useHasRight } from '../../../api/common';
import { usePageTitle } from '../../../app/usePageTitle';
import { useQueryParam } from '../../../app/useQueryParam';
import { DeleteDialog } from '../../../components/formKit';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { MessageBanner } from '../../../components/MessageBanner';
import { useSelectedYear, YearPicker } from '../../../components/YearPicker';
import { useBuchungskontenDesJahres } from '../basisdatenKit';
import { GruppenpositionDialog } from './GruppenpositionDialog';
import '../../../components/denseTable.css';
import '../basisdaten.css';

/**
 * Spec §2 Basisdaten: /basisdatenabrechnung/gruppenabrechnung — positions a group's plots share in a
 * billing year (e.g. a group's water pipe), split over the plots equally or by area by the
 * Gruppenrechnungen run. The group filter lives in `?gruppe=`.
 */
export default function GruppenabrechnungScreen() {
  usePageTitle('Gruppenabrechnung');
  const darfAendern = useHasRight('WebApp.Abrechnung.Edit') === true;
  const { year, years } = useSelectedYear();
  // Booked Gruppenrechnungen froze the year's group positions (the server answers 409): read-only.
  const gebucht = useLaufStatus('Gruppenrechnung', year?.id).data?.gebucht === true;
  const canEdit = darfAendern && !gebucht;
  const [gruppeParam, setGruppeParam] = useQueryParam('gruppe');
  const gruppeId = Number(gruppeParam) > 0 ? Number(gruppeParam) : undefined;
  const { data: gruppen } = useGruppenLookup();
  const liste = useGruppenabrechnung(year?.id, gruppeId);
  const { konten } = useBuchungskontenDesJahres(year?.jahr);
  const [offen, setOffen] = useState<GruppenabrechnungPosition | 'neu' | null>(null);
  const [loeschen, setLoeschen] = useState<GruppenabrechnungPosition | null>(null);
  const kontoName = (id: number | null) => {
    const k = id === null ? undefined : konten?.find((konto) => konto.id === id);
    return k ? `${k.nummer} ${k.name}` : '–';
  };

  return (
    <Flex direction="column" gap="size-300">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">Basisdaten Abrechnung</Text>
        <Heading level={1} margin={0}>
          Gruppenabrechnung
        </Heading>
      </View>
      <Flex gap="size-200" alignItems="end" wrap>
        <YearPicker label="Abrechnungsjahr" />
        <Picker
          label="Gruppe"
          items={[{ id: 0, name: 'Alle Gruppen' }, ...(gruppen ?? [])]}
          selectedKey={gruppeId === undefined ? '0' : String(gruppeId)}
          onSelectionChange={(key: Key | null) => setGruppeParam(key === null || key === '0' ? '' : String(key))}
          width="size-3000"
        >
          {(g) => <Item key={String(g.id)}>{g.name}</Item>}
        </Picker>
        {canEdit && year ? (
          <Button variant="accent" marginStart="auto" onPress={() => setOffen('neu')}>
            <Add />
            <Text>Neue Gruppenposition</Text>
          </Button>
        ) : null}
      </Flex>
      {gebucht && year ? (
        <MessageBanner
          level="warning"
          title={`Gruppenrechnungen ${year.jahr} sind gebucht – Positionen nur lesbar`}
          message="Die Forderungen der Gruppen sind schon gebucht; die Positionen, aus denen sie berechnet wurden, können nicht mehr geändert werden."
        />
      ) : null}
      {years && years.length === 0 ? (
        <MessageBanner
          level="info"
          title="Noch kein Abrechnungsjahr"
          message="Legen Sie zuerst unter Pachtberechnungen ein Abrechnungsjahr an."
        />
      ) : liste.data && year ? (
        liste.data.length === 0 ? (
          <Text>
            Noch keine Gruppenpositionen für {year.jahr}
            {gruppeId === undefined ? '' : ' in dieser Gruppe'}
            {canEdit ? ' — „Neue Gruppenposition“ legt die erste an.' : '.'}
          </Text>
        ) : (
          <div className="kgv-dense-frame">
            <table className="kgv-dense-table" aria-label={`Gruppenpositionen ${year.jahr}`}>
              <thead>
                <tr>
                  <th scope="col">Gruppe</th>
                  <th scope="col">Text</th>
                  <th scope="col" className="kgv-bd-num">
                    Betrag für die Gruppe
                  </th>
                  <th scope="col">Verteilung</th>
                  <th scope="col" className="kgv-bd-num">
                    Steuersatz
                  </th>
                  <th scope="col">Buchungskonto</th>
                  <th scope="col" className="kgv-bd-num">
                    Anzahl Parzellen
                  </th>
                  {canEdit ? <th scope="col">Aktionen</th> : null}
                </tr>
              </thead>
              <tbody>
                {liste.data.map((p) => (
                  <tr key={p.id}>
                    <td>{p.gruppeName}</td>
                    <td>{p.text}</td>
                    <td className="kgv-bd-num">{formatEuro(p.betragCent, { nbsp: false })}</td>
                    <td>{VERTEILUNG_LABEL[p.verteilung]}</td>
                    <td className="kgv-bd-num">{p.steuersatz} %</td>
                    <td>{kontoName(p.buchungskontoId)}</td>
                    <td className="kgv-bd-num">{p.anzahlParzellen}</td>
                    {canEdit ? (
                      <td className="kgv-bd-aktionen">
                        <ActionButton isQuiet aria-label={`${p.text} bearbeiten`} onPress={() => setOffen(p)}>
                          <Edit />
                        </ActionButton>
                        <ActionButton isQuiet aria-label={`${p.text} löschen`} onPress={() => setLoeschen(p)}>
                          <Delete />
                        </ActionButton>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : liste.error && !liste.isLoading ? (
        <LoadFailed
          title="Die Gruppenabrechnung konnte nicht geladen werden."
          error={liste.error}
          onRetry={() => void liste.mutate()}
        />
      ) : (
        <Loading label="Gruppenabrechnung wird geladen …" />
      )}
      <DialogContainer onDismiss={() => setOffen(null)}>
        {offen && year ? (
          <GruppenpositionDialog
            pachtabrechnungId={year.id}
            jahr={year.jahr}
            gruppen={gruppen ?? []}
            gruppeId={gruppeId}
            position={offen === 'neu' ? null : offen}
          />
        ) : null}
      </DialogContainer>
      <DialogContainer onDismiss={() => setLoeschen(null)}>
        {loeschen ? (
          <DeleteDialog
            title={`Gruppenposition „${loeschen.text}“ löschen?`}
            run={() => deleteGruppenabrechnung(loeschen.id)}
            success={`Gruppenposition „${loeschen.text}“ gelöscht.`}
          >
            Die Position der Gruppe {loeschen.gruppeName} wird entfernt.
          </DeleteDialog>
        ) : null}
      </DialogContainer>
    </Flex>
  );
}

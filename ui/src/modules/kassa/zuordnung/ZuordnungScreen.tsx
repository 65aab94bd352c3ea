import {
  ActionButton,
  Button,
  Checkbox,
  Content,
  Flex,
  Heading,
  IllustratedMessage,
  Item,
  type Key,
  Link,
  Picker,
  SearchField,
  Text,
  View,
} from '@adobe/react-spectrum';
import { useMemo, useState } from 'react';
import { formatEuro } from '../../../../../src/platform/money';
import { saveWithToast } from '../../../api/toast';
import { usePageTitle } from '../../../app/usePageTitle';
import { useQueryParam } from '../../../app/useQueryParam';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard';
import {
  KassaabrechnungPicker,
  ohneKassajahr,
  PeriodenHinweis,
  usePeriodeAenderbar,
  useSelectedKassaabrechnung,
} from '../KassaabrechnungPicker';
import { type BuchungskontoParzellen, saveZuordnung, useKontenMitParzellen, useParzellen } from './api';

const sameSet = (a: ReadonlySet<number>, b: readonly number[]) => a.size === b.length && b.every((id) => a.has(id));

/**
 * /kassa/zuordnungparzellenspezifisch — which plots a plot-specific booking account (Kanal, Strom …)
 * is charged to: a checklist of plots with "Alle" / "Keine", saved per account.
 */
export default function ZuordnungScreen() {
  usePageTitle('Zuordnung je Parzelle');
  const periode = useSelectedKassaabrechnung();
  const konten = useKontenMitParzellen(periode.kassaabrechnungId);
  const parzellen = useParzellen();
  const [kontoParam, setKontoParam] = useQueryParam('konto');
  const konto = konten.data?.find((k) => String(k.buchungskontoId) === kontoParam) ?? konten.data?.[0];
  const canEdit = usePeriodeAenderbar(periode);

  return (
    <Flex direction="column" gap="size-200">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">Kassa</Text>
        <Heading level={1} margin={0}>
          Zuordnung je Parzelle
        </Heading>
      </View>
      <PeriodenHinweis periode={periode} />
      <Flex gap="size-200" alignItems="end" wrap>
        <KassaabrechnungPicker />
        <Picker
          label="Buchungskonto"
          items={konten.data ?? []}
          selectedKey={konto ? String(konto.buchungskontoId) : null}
          isDisabled={!konten.data || konten.data.length === 0}
          onSelectionChange={(key: Key | null) => setKontoParam(key === null ? '' : String(key))}
          width="size-4600"
        >
          {(item) => (
            <Item key={String(item.buchungskontoId)} textValue={`${item.nummer} ${item.name}`}>
              {`${item.nummer} ${item.name} (${formatEuro(item.jahresbetragCent)} je Parzelle)`}
            </Item>
          )}
        </Picker>
      </Flex>
      {ohneKassajahr(periode) ? null : konten.error && !konten.isLoading ? (
        <LoadFailed
          title="Die Buchungskonten konnten nicht geladen werden."
          error={konten.error}
          onRetry={() => void konten.mutate()}
        />
      ) : !konten.data || !parzellen.data ? (
        <Loading label="Zuordnung wird geladen …" />
      ) : !konto ? (
        <View borderWidth="thin" borderColor="default" borderRadius="medium" padding="size-300" maxWidth="size-6000">
          <IllustratedMessage>
            <Heading>Kein parzellenspezifisches Buchungskonto</Heading>
            <Content>
              Kreuzen Sie unter <Link href="/kassa/buchungskonten">Kassabuch → Buchungskonten</Link> bei einem
              Buchungskonto „Parzellenspezifisch“ an und tragen Sie den Jahresbetrag ein; hier ordnen Sie ihm dann die
              Parzellen zu.
            </Content>
          </IllustratedMessage>
        </View>
      ) : (
        // A new key when the saved assignment changes: the checklist starts from it again.
        <ParzellenListe
          key={`${konto.buchungskontoId}-${konto.parzellenIds.join(',')}`}
          konto={konto}
          parzellen={parzellen.data}
          canEdit={canEdit}
        />
      )}
    </Flex>
  );
}

function ParzellenListe({
  konto,
  parzellen,
  canEdit,
}: {
  konto: BuchungskontoParzellen;
  parzellen: readonly { id: number; name: string }[];
  canEdit: boolean;
}) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set(konto.parzellenIds));
  const [suche, setSuche] = useState('');
  const [saving, setSaving] = useState(false);
  const dirty = !sameSet(selected, konto.parzellenIds);
  const guard = useUnsavedChangesGuard(dirty);
  const sichtbar = useMemo(() => {
    const needle = suche.trim().toLocaleLowerCase('de-AT');
    return needle ? parzellen.filter((p) => p.name.toLocaleLowerCase('de-AT').includes(needle)) : parzellen;
  }, [parzellen, suche]);

  function toggle(id: number, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }
  function alle(on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const p of sichtbar) {
        if (on) next.add(p.id);
        else next.delete(p.id);
      }
      return next;
    });
  }
  async function speichern() {
    setSaving(true);
    try {
      const ids = parzellen.filter((p) => selected.has(p.id)).map((p) => p.id);
      await saveWithToast(() => saveZuordnung(konto.buchungskontoId, ids), {
        success: `${konto.nummer} ${konto.name}: ${ids.length} ${ids.length === 1 ? 'Parzelle' : 'Parzellen'} zugeordnet.`,
      });
    } catch {
      // The error toast says why.
    } finally {
      setSaving(false);
    }
  }

  const summe = selected.size * konto.jahresbetragCent;
  return (
    <Flex direction="column" gap="size-150">
      <Flex gap="size-150" alignItems="end" wrap>
        <SearchField label="Parzelle suchen" value={suche} onChange={setSuche} onClear={() => setSuche('')} />
        {canEdit ? (
          <>
            <ActionButton onPress={() => alle(true)}>Alle</ActionButton>
            <ActionButton onPress={() => alle(false)}>Keine</ActionButton>
          </>
        ) : null}
      </Flex>
      <Text aria-live="polite">
        {`${selected.size} von ${parzellen.length} Parzellen zugeordnet · ${formatEuro(summe)} im Jahr`}
      </Text>
      <View
        borderWidth="thin"
        borderColor="default"
        borderRadius="medium"
        padding="size-150"
        maxHeight="size-6000"
        overflow="auto"
      >
        <fieldset
          aria-label={`Parzellen für ${konto.nummer} ${konto.name}`}
          style={{ display: 'flex', flexWrap: 'wrap', columnGap: 16, border: 0, margin: 0, padding: 0 }}
        >
          {sichtbar.map((p) => (
            <Checkbox
              key={p.id}
              isSelected={selected.has(p.id)}
              onChange={(on) => toggle(p.id, on)}
              isDisabled={!canEdit}
              width="size-1600"
            >
              {`Parzelle ${p.name}`}
            </Checkbox>
          ))}
        </fieldset>
      </View>
      {canEdit ? (
        <Flex gap="size-100">
          <Button
            variant="secondary"
            isDisabled={!dirty || saving}
            onPress={() => setSelected(new Set(konto.parzellenIds))}
          >
            Abbrechen
          </Button>
          <Button variant="accent" isPending={saving} isDisabled={!dirty} onPress={() => void speichern()}>
            Speichern
          </Button>
        </Flex>
      ) : null}
      {guard.dialog}
    </Flex>
  );
}

import { ActionButton, Flex, Heading, Text } from '@adobe/react-spectrum';
import { useState } from 'react';
import { formatEuro } from '../../../../../src/platform/money';
import type { Eintrag } from '../../kassa/kassabuch/kassabuchApi';
import { AufteilungTabelle, type AufteilungZeile, aufteilungSumme, betragEingabe } from './AufteilungTabelle';
import { RechnungSuche } from './RechnungSuche';
import './zuKlaeren.css';

// The "Zuordnungen" section of Kassa's entry dialog: which receivables the entry pays (art 'zahlung',
// editable: amounts, remove, add by search) and what it parks as a member's credit (read-only here).
// The rows are a value of the entry's form: UpdateKassabuch saves them with the entry (they replace
// its 'zahlung' allocations), so one "Speichern" and one version check cover both.

export type KassabuchZuordnung = Eintrag['zuordnungen'][number];

/** The entry's 'zahlung' allocations as editable rows. */
export function zuordnungsZeilen(zuordnungen: readonly KassabuchZuordnung[]): AufteilungZeile[] {
  return zuordnungen.flatMap((z) =>
    z.art === 'zahlung' && z.rechnungId !== null
      ? [
          {
            rechnungId: z.rechnungId,
            nummer: z.nummer ?? '',
            adresseName: z.adresseName ?? '',
            betrag: betragEingabe(z.betragCent),
          },
        ]
      : [],
  );
}

export interface ZuordnungenAbschnittProps {
  /** The form's id of the field (focus on error). */
  id?: string;
  /** The entry's allocations as saved (the credits show from here). */
  gespeichert: readonly KassabuchZuordnung[];
  zeilen: readonly AufteilungZeile[];
  onChange: (zeilen: AufteilungZeile[]) => void;
  /** The entry's amount as typed (cents), for the rest. */
  betragCent: number | null;
  readOnly: boolean;
  /** The server's or the form's message for the allocations. */
  fehler?: string | undefined;
}

export function ZuordnungenAbschnitt({
  id,
  gespeichert,
  zeilen,
  onChange,
  betragCent,
  readOnly,
  fehler,
}: ZuordnungenAbschnittProps) {
  const [suchen, setSuchen] = useState(false);
  const guthaben = gespeichert.filter((z) => z.art === 'guthaben');
  const summe = aufteilungSumme(zeilen) + guthaben.reduce((s, z) => s + z.betragCent, 0);

  return (
    <section aria-label="Zuordnungen zu Rechnungen" id={id} tabIndex={-1}>
      <Flex direction="column" gap="size-100">
        <Heading level={3} margin={0}>
          Zuordnungen zu Rechnungen
        </Heading>
        {zeilen.length === 0 && guthaben.length === 0 ? <Text>Diese Buchung bezahlt keine Rechnung.</Text> : null}
        {zeilen.length > 0 ? (
          <AufteilungTabelle label="Zuordnungen" zeilen={zeilen} onChange={onChange} readOnly={readOnly} />
        ) : null}
        {guthaben.map((z) => (
          <Text key={z.id}>
            Guthaben von {z.adresseName ?? 'unbekannt'}: {formatEuro(z.betragCent)}
          </Text>
        ))}
        {zeilen.length > 0 || guthaben.length > 0 ? (
          <Text UNSAFE_className="kgv-zk-summe">
            Zugeordnet {formatEuro(summe)}
            {betragCent !== null ? ` von ${formatEuro(betragCent)} · Rest ${formatEuro(betragCent - summe)}` : ''}
          </Text>
        ) : null}
        {fehler ? (
          <div role="alert" className="kgv-zk-fehler">
            {fehler}
          </div>
        ) : null}
        {readOnly ? null : suchen ? (
          <RechnungSuche
            gewaehlt={new Set(zeilen.map((z) => z.rechnungId))}
            onWaehlen={(r) => {
              const rest = (betragCent ?? 0) - summe;
              const betrag = rest > 0 ? Math.min(rest, r.offenCent) : r.offenCent;
              onChange([
                ...zeilen,
                {
                  rechnungId: r.id,
                  nummer: r.nummer,
                  adresseName: r.adresseName,
                  adresseId: r.adresseId,
                  offenCent: r.offenCent,
                  betrag: betragEingabe(betrag),
                },
              ]);
            }}
          />
        ) : (
          <Flex>
            <ActionButton onPress={() => setSuchen(true)}>Rechnung zuordnen …</ActionButton>
          </Flex>
        )}
      </Flex>
    </section>
  );
}

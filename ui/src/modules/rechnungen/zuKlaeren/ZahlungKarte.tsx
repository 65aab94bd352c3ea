import { ActionButton, Button, Flex, Text } from '@adobe/react-spectrum';
import { useState } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { formatEuro } from '../../../../../src/platform/money';
import { saveWithToast } from '../../../api/toast';
import { GRUND_TEXT, ohneForderung, type Vorschlag, type ZuKlaerenZeile, zuordnen } from '../../../api/zahlungen';
import { formatIban } from '../../../lib/fieldFormats';
import { Geld } from '../../kassa/Geld';

// One open bank credit on 'Zahlungen zuordnen': who paid what and when, and the receivables that
// could take it, best first, each with one click "Zuordnen". A sure suggestion (RF reference or
// number in the text, known IBAN with the exact amount) says so; the others are guesses by amount
// or name. "Andere Rechnung …" opens the search; "Keine Forderung" takes the credit off the list.

export interface ZahlungKarteProps {
  zeile: ZuKlaerenZeile;
  canEdit: boolean;
  onAndere: () => void;
}

/** "€ 155,34 der Rechnung 2026-00003 (Gärtner 3) zugeordnet." */
export function zugeordnetText(betragCent: number, nummer: string, name: string): string {
  return `${formatEuro(betragCent)} der Rechnung ${nummer} (${name}) zugeordnet.`;
}

export function ZahlungKarte({ zeile, canEdit, onAndere }: ZahlungKarteProps) {
  const { eintrag, vorschlaege } = zeile;
  const [busy, setBusy] = useState<number | 'ohne' | null>(null);
  const titel = `Beleg ${eintrag.belegnummer}`;

  async function nimm(v: Vorschlag) {
    setBusy(v.rechnung.id);
    try {
      await saveWithToast(
        () =>
          zuordnen({
            kassabuchId: eintrag.id,
            zuordnungen: [{ rechnungId: v.rechnung.id, betragCent: v.betragCent }],
            restAlsGuthaben: null,
          }),
        { success: zugeordnetText(v.betragCent, v.rechnung.nummer, v.rechnung.adresseName) },
      );
    } catch {
      // The toast names the server's reason (e.g. the receivable was paid meanwhile).
    } finally {
      setBusy(null);
    }
  }

  async function keineForderung() {
    setBusy('ohne');
    try {
      await saveWithToast(() => ohneForderung({ kassabuchId: eintrag.id, ohneForderung: true }), {
        success: `${titel} ist als „keine Forderung“ markiert und verschwindet aus der Liste.`,
      });
    } catch {
      // Shown as the error toast.
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="kgv-zk-karte" aria-label={`Zahlung ${titel}`}>
      <h2 className="kgv-zk-kopf">
        <span>{formatGermanDate(eintrag.datum)}</span>
        <span className="kgv-zk-betrag">
          <Geld cent={eintrag.betragCent} />
        </span>
        <span>{eintrag.bankName ?? 'Auftraggeber unbekannt'}</span>
        <span className="kgv-zk-detail">{titel}</span>
      </h2>
      <Flex direction="column" gap="size-50">
        <Text UNSAFE_className="kgv-zk-detail">
          {eintrag.text || '(kein Verwendungszweck)'}
          {eintrag.bankIban ? ` · IBAN ${formatIban(eintrag.bankIban)}` : ''}
        </Text>
        {eintrag.zugeordnetCent !== 0 ? (
          <Text>
            Bereits zugeordnet: {formatEuro(eintrag.zugeordnetCent)} · noch offen: {formatEuro(eintrag.restCent)}
          </Text>
        ) : null}
        {vorschlaege.length === 0 ? (
          <Text>
            {canEdit
              ? 'Kein Vorschlag gefunden – bitte über „Andere Rechnung suchen“ zuordnen.'
              : 'Kein Vorschlag gefunden.'}
          </Text>
        ) : (
          <div className="kgv-dense-frame">
            <table className="kgv-dense-table" aria-label={`Vorschläge für ${titel}`}>
              <thead>
                <tr>
                  <th scope="col">Rechnung</th>
                  <th scope="col">Name</th>
                  <th scope="col">Parzelle</th>
                  <th scope="col">Fällig am</th>
                  <th scope="col" className="kgv-zk-num">
                    Offen
                  </th>
                  <th scope="col">Warum</th>
                  {/* A View-only user sees the amount that would be allocated, not a button. */}
                  <th scope="col" className="kgv-zk-num">
                    {canEdit ? 'Zuordnen' : 'Betrag'}
                  </th>
                </tr>
              </thead>
              <tbody>
                {vorschlaege.map((v) => (
                  <tr key={v.rechnung.id}>
                    <th scope="row">{v.rechnung.nummer}</th>
                    <td>{v.rechnung.adresseName}</td>
                    <td>{v.rechnung.parzelleNummer ?? ''}</td>
                    <td>{formatGermanDate(v.rechnung.faelligAm)}</td>
                    <td className="kgv-zk-num">
                      <Geld cent={v.rechnung.offenCent} />
                    </td>
                    <td className={v.sicher ? 'kgv-zk-sicher' : undefined}>
                      {GRUND_TEXT[v.grund]}
                      {v.sicher ? ' (sicher)' : ''}
                    </td>
                    <td className="kgv-zk-num">
                      {canEdit ? (
                        <ActionButton
                          aria-label={`${formatEuro(v.betragCent, { nbsp: false })} der Rechnung ${v.rechnung.nummer} zuordnen`}
                          isDisabled={busy !== null}
                          onPress={() => void nimm(v)}
                        >
                          {formatEuro(v.betragCent)} zuordnen
                        </ActionButton>
                      ) : (
                        <Geld cent={v.betragCent} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {canEdit ? (
          <Flex gap="size-150" wrap>
            <Button variant="secondary" onPress={onAndere} isDisabled={busy !== null}>
              Andere Rechnung suchen …
            </Button>
            <Button
              variant="secondary"
              onPress={() => void keineForderung()}
              isPending={busy === 'ohne'}
              isDisabled={busy !== null && busy !== 'ohne'}
            >
              Keine Forderung
            </Button>
          </Flex>
        ) : null}
      </Flex>
    </section>
  );
}

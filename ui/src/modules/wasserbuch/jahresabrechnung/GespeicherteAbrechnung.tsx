import { Button, DialogContainer, Flex, Heading, Link, StatusLight, Text } from '@adobe/react-spectrum';
import Delete from '@spectrum-icons/workflow/Delete';
import { useState } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { DeleteDialog } from '../../../components/formKit';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { AbrechnungAnsicht } from './AbrechnungAnsicht';
import { loescheAbrechnung, useAbrechnungDetails, verbrauchDetailsUrl } from './api';

export interface GespeicherteAbrechnungProps {
  stichtag: string;
  canEdit: boolean;
  /** After "Löschen": back to the new settlement. */
  onGeloescht: () => void;
}

/** A stored settlement: its table, per-plot drill-down and corrections, the PDF and the delete. */
export function GespeicherteAbrechnung({ stichtag, canEdit, onGeloescht }: GespeicherteAbrechnungProps) {
  const { data, error, isLoading, mutate } = useAbrechnungDetails(stichtag);
  const [loeschen, setLoeschen] = useState(false);
  const datum = formatGermanDate(stichtag);

  if (!data) {
    return error && !isLoading ? (
      <LoadFailed
        title={`Die Abrechnung zum ${datum} konnte nicht geladen werden.`}
        error={error}
        onRetry={() => void mutate()}
      />
    ) : (
      <Loading label={`Abrechnung zum ${datum} wird geladen …`} />
    );
  }
  const gebucht = data.gebuchtAm !== null;
  return (
    <Flex direction="column" gap="size-200">
      <Flex alignItems="center" gap="size-200" wrap>
        <Heading level={2} margin={0}>
          Abrechnung zum {datum}
        </Heading>
        <StatusLight variant={gebucht ? 'positive' : 'notice'}>
          {gebucht ? `vorgeschrieben am ${formatGermanDate(data.gebuchtAm)}` : 'gespeichert, noch nicht vorgeschrieben'}
        </StatusLight>
        <Flex gap="size-100" marginStart="auto" alignItems="center" wrap>
          <Link href={verbrauchDetailsUrl(stichtag)} target="_blank" rel="noreferrer">
            Verbrauchsdetails (PDF)
          </Link>
          {canEdit ? (
            <Button variant="negative" style="outline" onPress={() => setLoeschen(true)}>
              <Delete />
              <Text>Löschen</Text>
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <AbrechnungAnsicht abrechnung={data} korrigierbar={canEdit && !gebucht} art="Abrechnung" />
      <DialogContainer onDismiss={() => setLoeschen(false)}>
        {loeschen ? (
          <DeleteDialog
            title={`Abrechnung zum ${datum} löschen?`}
            run={async () => {
              await loescheAbrechnung(stichtag);
              onGeloescht();
            }}
            success={`Abrechnung zum ${datum} gelöscht.`}
          >
            Die gespeicherte Abrechnung und ihre Korrekturen gehen verloren; die Ablesungen bleiben. Ist sie schon
            vorgeschrieben, geht das nicht.
          </DeleteDialog>
        ) : null}
      </DialogContainer>
    </Flex>
  );
}

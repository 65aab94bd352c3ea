import { ActionButton, Content, Dialog, DialogTrigger, Flex, Heading, Text } from '@adobe/react-spectrum';
import Attach from '@spectrum-icons/workflow/Attach';
import Delete from '@spectrum-icons/workflow/Delete';
import { saveWithToast } from '../../../api/toast';
import { belegLoeschen, belegUrl, type Eintrag } from './kassabuchApi';

// The receipts of an entry: a paperclip with the count; pressed, the list opens beside it. Each
// receipt opens in a new tab (the browser shows PDF and images); delete is offered while the entry
// is not checked and its period open (the server refuses it otherwise).

const kb = (size: number) =>
  size >= 1024 * 1024
    ? `${(size / 1024 / 1024).toFixed(1).replace('.', ',')} MB`
    : `${Math.max(1, Math.round(size / 1024))} KB`;

export interface BelegeKnopfProps {
  eintrag: Eintrag;
  canEdit: boolean;
  /** The entry's period is closed: receipts may still be added, none removed. */
  geschlossen: boolean;
  onAnhaengen: () => void;
}

export function BelegeKnopf({ eintrag, canEdit, geschlossen, onAnhaengen }: BelegeKnopfProps) {
  const anzahl = eintrag.belege.length;
  if (anzahl === 0 && !canEdit) return <span className="kgv-kb-leise">–</span>;
  if (anzahl === 0) {
    return (
      <ActionButton isQuiet aria-label={`Beleg an Beleg-Nr. ${eintrag.belegnummer} anhängen`} onPress={onAnhaengen}>
        <Attach />
      </ActionButton>
    );
  }
  return (
    <DialogTrigger type="popover">
      <ActionButton isQuiet aria-label={`Belege zu Beleg-Nr. ${eintrag.belegnummer} (${anzahl})`}>
        <Attach />
        <Text>{anzahl}</Text>
      </ActionButton>
      {(close) => (
        <Dialog size="S">
          <Heading>Belege zu Beleg-Nr. {eintrag.belegnummer}</Heading>
          <Content>
            <Flex direction="column" gap="size-100">
              {eintrag.belege.map((b) => (
                <Flex key={b.id} gap="size-100" alignItems="center" justifyContent="space-between">
                  <a href={belegUrl(b.id)} target="_blank" rel="noreferrer">
                    {b.name}
                  </a>
                  <Flex alignItems="center" gap="size-50">
                    <span className="kgv-kb-leise">{kb(b.size)}</span>
                    {canEdit && !eintrag.geprueft && !geschlossen ? (
                      <ActionButton
                        isQuiet
                        aria-label={`${b.name} löschen`}
                        onPress={() => {
                          void saveWithToast(() => belegLoeschen(b.id), { success: `${b.name} gelöscht.` }).then(
                            close,
                            () => undefined,
                          );
                        }}
                      >
                        <Delete />
                      </ActionButton>
                    ) : null}
                  </Flex>
                </Flex>
              ))}
              {canEdit ? (
                <ActionButton
                  onPress={() => {
                    close();
                    onAnhaengen();
                  }}
                >
                  <Attach />
                  <Text>Beleg anhängen</Text>
                </ActionButton>
              ) : null}
            </Flex>
          </Content>
        </Dialog>
      )}
    </DialogTrigger>
  );
}

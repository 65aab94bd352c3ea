import {
  ActionButton,
  AlertDialog,
  Button,
  DialogContainer,
  FileTrigger,
  Flex,
  Link,
  ProgressCircle,
  Text,
  View,
} from '@adobe/react-spectrum';
import Delete from '@spectrum-icons/workflow/Delete';
import Upload from '@spectrum-icons/workflow/UploadToCloud';
import { useState } from 'react';
import { describeError } from '../../../api/errors';
import {
  type AdresseDetail,
  deleteFile,
  type FileRecord,
  fileUrl,
  uploadAdresseFiles,
  useAdresseFiles,
} from '../../../api/stammdaten/adressen';
import { saveWithToast } from '../../../api/toast';
import { MessageBanner } from '../../../components/MessageBanner';
import { inputFromAdresse } from './draft';
import { formatDateTime, formatSize } from './format';
import './nutzungsberechtigte.css';

/** Tab "Dateien": documents of an address (contracts, letters). */
export function DateienTab({ adresse, readOnly }: { adresse: AdresseDetail; readOnly: boolean }) {
  const { data, error, isLoading } = useAdresseFiles(adresse.id);
  const [uploading, setUploading] = useState(false);
  const [toDelete, setToDelete] = useState<FileRecord | null>(null);
  const files = data ?? adresse.dateien ?? [];

  async function upload(list: FileList | null) {
    const chosen = list ? [...list] : [];
    if (chosen.length === 0) return;
    setUploading(true);
    try {
      await saveWithToast(uploadAdresseFiles(inputFromAdresse(adresse), chosen), {
        success: chosen.length === 1 ? `„${chosen[0]?.name}“ hochgeladen.` : `${chosen.length} Dateien hochgeladen.`,
      });
    } catch {
      // The error toast says why (size, type).
    } finally {
      setUploading(false);
    }
  }

  async function remove(file: FileRecord) {
    try {
      await saveWithToast(deleteFile(file.id), { success: `„${file.name}“ gelöscht.` });
    } catch {
      // The error toast says why.
    }
  }

  return (
    <Flex direction="column" gap="size-200" marginTop="size-200">
      {error && !data ? (
        <MessageBanner
          level="danger"
          title="Die Dateien konnten nicht geladen werden."
          message={describeError(error)}
        />
      ) : null}
      {isLoading && !data ? (
        <ProgressCircle aria-label="Die Dateien werden geladen …" isIndeterminate size="S" />
      ) : files.length === 0 ? (
        <Text>
          {readOnly
            ? 'Zu dieser Adresse sind keine Dateien gespeichert.'
            : 'Noch keine Dateien — laden Sie z. B. den Pachtvertrag hoch.'}
        </Text>
      ) : (
        <View>
          <table className="kgv-simple-table" aria-label="Dateien">
            <thead>
              <tr>
                <th scope="col">Datei</th>
                <th scope="col">Größe</th>
                <th scope="col">Hochgeladen</th>
                {readOnly ? null : (
                  <th scope="col">
                    <span className="kgv-visually-hidden">Aktionen</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {files.map((file) => (
                <tr key={file.id}>
                  <td>
                    <Link href={fileUrl(file.id)} target="_blank">
                      {file.name}
                    </Link>
                  </td>
                  <td>{formatSize(file.size)}</td>
                  <td>{formatDateTime(file.createdAt)}</td>
                  {readOnly ? null : (
                    <td>
                      <ActionButton
                        isQuiet
                        aria-label={`Datei „${file.name}“ löschen`}
                        onPress={() => setToDelete(file)}
                      >
                        <Delete />
                      </ActionButton>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </View>
      )}
      {readOnly ? null : (
        <Flex gap="size-200" alignItems="center">
          <FileTrigger allowsMultiple onSelect={(list) => void upload(list)}>
            <Button variant="secondary" isPending={uploading}>
              <Upload />
              <Text>Dateien hochladen …</Text>
            </Button>
          </FileTrigger>
        </Flex>
      )}
      <DialogContainer onDismiss={() => setToDelete(null)}>
        {toDelete ? (
          <AlertDialog
            title={`Datei „${toDelete.name}“ löschen?`}
            variant="destructive"
            primaryActionLabel="Löschen"
            cancelLabel="Abbrechen"
            autoFocusButton="cancel"
            onPrimaryAction={() => void remove(toDelete)}
          >
            Die Datei wird endgültig gelöscht.
          </AlertDialog>
        ) : null}
      </DialogContainer>
    </Flex>
  );
}

import { Button, ButtonGroup, FileTrigger, Flex, Text, View } from '@adobe/react-spectrum';
import Upload from '@spectrum-icons/workflow/UploadToCloud';
import { useEffect, useState } from 'react';
import { LOGO_URL } from '../../api/common';
import { saveWithToast } from '../../api/toast';
import { type IconFile, LOGO_MAX_BYTES, LOGO_TYPES, uploadVereinsLogo } from '../../api/vereinseinstellungen';
import { MessageBanner } from '../../components/MessageBanner';
import { matchFieldErrors } from '../../lib/serverErrors';

const SIZE = new Intl.NumberFormat('de-AT', { maximumFractionDigits: 1 });

/** "1,4 MB" or "230 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${SIZE.format(bytes / (1024 * 1024))} MB`;
  return `${SIZE.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/** Why a file cannot be the logo, in German; undefined when it can. */
export function logoFileProblem(file: File): string | undefined {
  const type = file.type || (/\.svg$/i.test(file.name) ? 'image/svg+xml' : '');
  if (!(LOGO_TYPES as readonly string[]).includes(type)) {
    return `Die Datei „${file.name}“ ist kein PNG-, JPEG- oder SVG-Bild. Bitte wählen Sie ein solches Bild.`;
  }
  if (file.size > LOGO_MAX_BYTES) {
    return `Die Datei „${file.name}“ ist ${formatFileSize(file.size)} groß. Erlaubt sind höchstens 2 MB – bitte verkleinern Sie das Bild.`;
  }
  return undefined;
}

export interface LogoSectionProps {
  iconFile: IconFile | null | undefined;
  canEdit: boolean;
  onDirtyChange: (dirty: boolean) => void;
}

function usePreviewUrl(file: File | null): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(undefined);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

/** The club logo: the current one, a new one chosen and checked, then uploaded. */
export function LogoSection({ iconFile, canEdit, onDirtyChange }: LogoSectionProps) {
  const [chosen, setChosen] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // Bumped after each upload: the same URL would otherwise show the browser's cached old logo.
  const [uploads, setUploads] = useState(0);
  const [logoMissing, setLogoMissing] = useState(false);
  const previewUrl = usePreviewUrl(chosen);
  const logoSrc = `${iconFile?.url || LOGO_URL}?v=${iconFile?.fileId ?? 0}-${uploads}`;

  useEffect(() => {
    onDirtyChange(chosen !== null);
  }, [chosen, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  function choose(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    const why = logoFileProblem(file);
    setProblem(why ?? null);
    setChosen(why ? null : file);
  }

  async function upload() {
    if (!chosen) return;
    setProblem(null);
    setUploading(true);
    try {
      await saveWithToast(uploadVereinsLogo(chosen));
      setChosen(null);
      setLogoMissing(false);
      setUploads((count) => count + 1);
    } catch (error) {
      // The error toast says what went wrong; the server's reason about the file also stays here.
      // The chosen file stays for another try.
      const { fields } = matchFieldErrors(error, ['file']);
      if (fields.file) setProblem(fields.file);
    } finally {
      setUploading(false);
    }
  }

  return (
    <Flex direction="column" gap="size-200" maxWidth="size-6000">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">Aktuelles Logo</Text>
        <View
          borderWidth="thin"
          borderColor="default"
          borderRadius="medium"
          padding="size-200"
          marginTop="size-100"
          backgroundColor="gray-50"
        >
          {logoMissing ? (
            <Text>Es ist noch kein Logo hochgeladen.</Text>
          ) : (
            <img
              key={logoSrc}
              src={logoSrc}
              alt="Aktuelles Vereinslogo"
              style={{ maxWidth: '100%', maxHeight: 200, display: 'block' }}
              onError={() => setLogoMissing(true)}
            />
          )}
        </View>
      </View>
      <Text>
        Erlaubt sind PNG-, JPEG- und SVG-Bilder bis 2 MB. Das Logo erscheint auf der Anmeldeseite, beim Laden der App
        und auf Briefen. Am besten wirkt ein breites Bild mit etwa 555 Pixel Breite.
      </Text>
      {canEdit ? (
        <>
          {problem ? <MessageBanner level="danger" title="Datei nicht geeignet" message={problem} /> : null}
          {chosen ? (
            <View borderWidth="thin" borderColor="default" borderRadius="medium" padding="size-200">
              <Text UNSAFE_className="kgv-eyebrow">Neues Logo</Text>
              {previewUrl ? (
                <img
                  src={previewUrl}
                  alt={`Vorschau: ${chosen.name}`}
                  style={{ maxWidth: '100%', maxHeight: 200, display: 'block', margin: '8px 0' }}
                />
              ) : null}
              <Text>
                {chosen.name} ({formatFileSize(chosen.size)})
              </Text>
              <ButtonGroup marginTop="size-200">
                <Button variant="secondary" onPress={() => setChosen(null)} isDisabled={uploading}>
                  Abbrechen
                </Button>
                <Button variant="accent" onPress={upload} isPending={uploading}>
                  Speichern
                </Button>
              </ButtonGroup>
            </View>
          ) : null}
          <FileTrigger acceptedFileTypes={[...LOGO_TYPES]} onSelect={choose}>
            <Button variant="primary" alignSelf="start" isDisabled={uploading}>
              <Upload />
              <Text>Bild auswählen …</Text>
            </Button>
          </FileTrigger>
        </>
      ) : null}
    </Flex>
  );
}

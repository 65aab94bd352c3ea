import { readFile, unlink } from 'node:fs/promises';
import type { UploadedFile } from '../../../http/router';
import { validationFailed } from '../../../platform/errors';
import { detectFileType, type FileKind } from '../../../platform/files/fileTypes';
import { type AdresseInput, adresseBody } from '../schema/adressen';

// Reading an UpdateAdresse request: JSON, or multipart with the address as JSON and its files.

/** Kinds of files kept with an address (contracts, scans, lists). */
export const ADRESSE_FILE_KINDS: readonly FileKind[] = ['pdf', 'png', 'jpeg', 'xlsx', 'csv', 'txt'];
export const ADRESSE_FILE_MAX_BYTES = 20 * 1024 * 1024;

export type AdresseUpload = { name: string; content: Buffer };

function parseError(field: string, message: string): never {
  throw validationFailed({ [field]: [message] });
}

/**
 * The data and uploads of an UpdateAdresse request: a JSON body, or multipart with the JSON in
 * field `data` and the files in field `files`. Temp files of the upload are removed here.
 */
export async function readAdresseRequest(
  body: unknown,
  files: UploadedFile[],
  multipart: boolean,
): Promise<{ data: AdresseInput; uploads: AdresseUpload[] }> {
  try {
    let input: unknown = body;
    if (!multipart && files.length)
      parseError('files', 'Dateien können nur mit multipart/form-data hochgeladen werden.');
    if (multipart) {
      const raw = (body as { data?: unknown } | undefined)?.data;
      if (typeof raw !== 'string') parseError('data', 'Das Feld „data“ muss die Adresse als JSON enthalten.');
      const extra = Object.keys(body as object).filter((k) => k !== 'data');
      if (extra.length) parseError('$', `Unbekannte Felder: ${extra.join(', ')}.`);
      try {
        input = JSON.parse(raw);
      } catch {
        parseError('data', 'Das Feld „data“ enthält kein gültiges JSON.');
      }
    }
    const result = adresseBody.safeParse(input);
    if (!result.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const key = issue.path.map(String).join('.') || '$';
        errors[key] = [...(errors[key] ?? []), issue.message];
      }
      throw validationFailed(errors);
    }
    const uploads: AdresseUpload[] = [];
    for (const file of files) {
      if (file.field !== 'files') parseError(file.field, 'Dateien gehören in das Feld „files“.');
      if (file.size > ADRESSE_FILE_MAX_BYTES)
        parseError('files', `Die Datei „${file.name}“ ist zu groß (höchstens 20 MB).`);
      const content = await readFile(file.path);
      const kind = detectFileType(content, file.name)?.kind;
      if (!kind || !ADRESSE_FILE_KINDS.includes(kind)) {
        parseError(
          'files',
          `Der Dateityp von „${file.name}“ ist nicht erlaubt. Erlaubt sind PDF, PNG, JPEG, Excel (xlsx), CSV und Text.`,
        );
      }
      uploads.push({ name: file.name, content });
    }
    return { data: result.data, uploads };
  } finally {
    await Promise.all(files.map((f) => unlink(f.path).catch(() => undefined)));
  }
}

import { type Config, ConfigError } from '../../config';
import { type Db, nowDb } from '../db/db';
import { open, seal } from './secretBox';

const CHECK_PURPOSE = 'data-key-check';
const CHECK_PLAIN = 'kgv-data-key';

/** The start refuses to go on: the data key does not belong to this database. */
export class DataKeyMismatchError extends ConfigError {}

/**
 * Makes sure DATA_DIR/data-key is the key the database's secrets were sealed with: the first start
 * stores a check value sealed with it; every later start opens that value. A lost or swapped key
 * file would otherwise break every 2FA sign-in silently (a right code answering "falsch").
 */
export async function verifyDataKey(db: Db, config: Pick<Config, 'dataKey' | 'dataDir'>): Promise<void> {
  const row = await db('secret_keys').where({ name: 'data' }).first('check_value');
  if (!row) {
    await db('secret_keys')
      .insert({ name: 'data', check_value: seal(config.dataKey, CHECK_PURPOSE, CHECK_PLAIN), created_at: nowDb() })
      .onConflict('name')
      .ignore();
    return;
  }
  if (open(config.dataKey, CHECK_PURPOSE, row.check_value) !== CHECK_PLAIN) {
    throw new DataKeyMismatchError(
      `Der Datenschlüssel ${config.dataDir}/data-key passt nicht zu dieser Datenbank. ` +
        'Bitte stellen Sie die Datei data-key aus derselben Sicherung wie die Datenbank wieder her ' +
        '(ohne sie sind die Schlüssel der Zwei-Faktor-Anmeldung und das SMTP-Passwort nicht lesbar).',
    );
  }
}

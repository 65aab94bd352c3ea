import type { Actor } from '../../../platform/auth/principal';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { isUniqueViolation } from '../../../platform/db/dbErrors';
import { claimVersion, VersionConflictError } from '../../../platform/db/optimisticLock';
import { validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { type MailTemplate, type MailTemplateTyp, updateMailTemplateBody } from '../schema/mailTemplate';
import type { MailTemplateRow } from '../tables';
import { platzhalterFehler, platzhalterListe, STANDARD_MAIL_TEMPLATES, unerlaubtePlatzhalter } from './platzhalter';

export const MAIL_TEMPLATE_HISTORY_TYPE = 'MailTemplate';
const TABLE = 'mail_templates';
const LABEL = 'Die Mail-Vorlage';

/** The template of `typ`: the saved one, else the default (version 0, standard true). */
export async function ladeMailTemplate(db: Db, typ: MailTemplateTyp): Promise<MailTemplate> {
  const row = await db(TABLE).where({ typ }).first('typ', 'betreff', 'text', 'version');
  const standard = STANDARD_MAIL_TEMPLATES[typ];
  return {
    typ,
    betreff: row?.betreff ?? standard.betreff,
    text: row?.text ?? standard.text,
    version: row ? Number(row.version) : 0,
    standard: !row,
    platzhalter: platzhalterListe(typ),
  };
}

const snapshot = (t: MailTemplate) => ({ betreff: t.betreff, text: t.text });

/** Saves a template after checking its placeholders; the version guards against a concurrent save. */
export async function saveMailTemplate(db: Db, actor: Actor, input: unknown): Promise<MailTemplate> {
  const parsed = updateMailTemplateBody.safeParse(input);
  if (!parsed.success) {
    const fehler: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.') || '$';
      fehler[key] = [...(fehler[key] ?? []), issue.message];
    }
    throw validationFailed(fehler);
  }
  const data = parsed.data;
  const errors: Record<string, string[]> = {};
  for (const feld of ['betreff', 'text'] as const) {
    const falsch = unerlaubtePlatzhalter(data.typ, data[feld]);
    if (falsch.length) errors[feld] = [platzhalterFehler(data.typ, falsch)];
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  try {
    return await inTransaction(db, async (trx) => {
      const before = await ladeMailTemplate(trx, data.typ);
      if (before.standard) {
        // No row yet: a client that read a saved version (someone reset it meanwhile) is late.
        if (data.version) throw new VersionConflictError(`${LABEL} wurde inzwischen zurückgesetzt.`, 0);
        await trx(TABLE).insert({
          typ: data.typ,
          betreff: data.betreff,
          text: data.text,
          version: 1,
          updated_at: nowDb(),
        } satisfies MailTemplateRow);
      } else {
        await claimVersion(trx, {
          table: TABLE,
          id: data.typ,
          idColumn: 'typ',
          expected: data.version,
          entityType: MAIL_TEMPLATE_HISTORY_TYPE,
          label: LABEL,
        });
        await trx(TABLE)
          .where({ typ: data.typ })
          .update({ betreff: data.betreff, text: data.text, updated_at: nowDb() });
      }
      const after = await ladeMailTemplate(trx, data.typ);
      await recordHistory(trx, actor, {
        entityType: MAIL_TEMPLATE_HISTORY_TYPE,
        entityId: data.typ,
        action: before.standard ? 'create' : 'update',
        before: before.standard ? undefined : snapshot(before),
        after: snapshot(after),
      });
      return after;
    });
  } catch (e) {
    // Two first saves at once: the second one read the default, the first one's row now exists.
    if (isUniqueViolation(e))
      throw new VersionConflictError(`${LABEL} wurde inzwischen von jemand anderem gespeichert.`, 1);
    throw e;
  }
}

/** Deletes the saved template, so the default applies again (history keeps the text). */
export async function resetMailTemplate(db: Db, actor: Actor, typ: MailTemplateTyp): Promise<MailTemplate> {
  return inTransaction(db, async (trx) => {
    const before = await ladeMailTemplate(trx, typ);
    if (!before.standard) {
      await trx(TABLE).where({ typ }).delete();
      await recordHistory(trx, actor, {
        entityType: MAIL_TEMPLATE_HISTORY_TYPE,
        entityId: typ,
        action: 'delete',
        before: snapshot(before),
      });
    }
    return ladeMailTemplate(trx, typ);
  });
}

import type { AppServices } from '../../../platform/services';
import { vereinsName } from '../../common/services';
import type { PasswortLink } from '../schema';
import { createPasswordToken, passwordLink, TOKEN_HOURS, type TokenPurpose, tokenExpiry } from './passwords';

/**
 * Mails a reset or invitation link; the link holds a one-time token that only this mail knows.
 * Answers the link when the mail went only to the outbox (no mail server set up): nobody else will
 * deliver it, so the administrator who asked for it must hand it over. Callers return it only to
 * that administrator and never log it.
 */
export async function mailPasswordLink(
  services: AppServices,
  user: { id: number; email: string; name: string },
  purpose: TokenPurpose,
): Promise<PasswortLink | null> {
  const now = new Date();
  const token = await createPasswordToken(services.db, user.id, purpose, now);
  const link = passwordLink(services.config.baseUrl, user.email, token, purpose);
  const club = await vereinsName(services);
  const text =
    purpose === 'invite'
      ? [
          `Guten Tag ${user.name},`,
          '',
          `für Sie wurde ein Zugang zur Vereinsverwaltung von ${club} angelegt.`,
          'Bitte legen Sie über diesen Link Ihr Passwort fest (mindestens 10 Zeichen):',
          '',
          link,
          '',
          `Der Link ist ${TOKEN_HOURS.invite / 24} Tage gültig und funktioniert einmal.`,
        ]
      : [
          `Guten Tag ${user.name},`,
          '',
          `Sie haben ein neues Passwort für die Vereinsverwaltung von ${club} angefordert.`,
          'Über diesen Link legen Sie es fest:',
          '',
          link,
          '',
          'Der Link ist eine Stunde gültig und funktioniert einmal.',
          'Wenn Sie nichts angefordert haben, können Sie diese Nachricht ignorieren; Ihr Passwort bleibt unverändert.',
        ];
  const sent = await services.mail.send({
    to: user.email,
    subject: purpose === 'invite' ? `Ihr Zugang zu ${club}` : `Passwort zurücksetzen – ${club}`,
    text: text.join('\n'),
  });
  if (sent.transport !== 'outbox') return null;
  return {
    link,
    gueltigBis: tokenExpiry(purpose, now).toISOString(),
    zweck: purpose === 'invite' ? 'einladung' : 'reset',
  };
}

/** Tells the old address that another address now signs in to the account (sent after the change). */
export async function mailEmailChanged(
  services: AppServices,
  oldEmail: string,
  user: { email: string; name: string },
  changedBy: string,
): Promise<void> {
  const club = await vereinsName(services);
  await services.mail.send({
    to: oldEmail,
    subject: `Ihre E-Mail-Adresse wurde geändert – ${club}`,
    text: [
      `Guten Tag ${user.name},`,
      '',
      `${changedBy} hat die E-Mail-Adresse Ihres Zugangs zur Vereinsverwaltung von ${club} geändert:`,
      `bisher ${oldEmail}, jetzt ${user.email}.`,
      '',
      'Anmeldung, Passwort-Links und Benachrichtigungen gehen ab jetzt an die neue Adresse.',
      'Wenn Sie das nicht veranlasst haben, wenden Sie sich bitte sofort an Ihren Obmann oder den Administrator des Vereins.',
    ].join('\n'),
  });
}

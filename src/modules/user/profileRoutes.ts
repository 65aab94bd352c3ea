import { route } from '../../http/router';
import { nowDb } from '../../platform/db/db';
import { validationFailed } from '../../platform/errors';
import { recordHistory } from '../../platform/history/history';
import { vereinsName } from '../common/services';
import { getMfaLevel } from '../vereinseinstellungen/services';
import {
  changePasswordBody,
  codeBody,
  forgotPasswordBody,
  ownPasswordBody,
  resetPasswordBody,
  updateProfileBody,
} from './schema';
import {
  assertOwnPassword,
  changePassword,
  confirmAuthenticator,
  currentUser,
  disableAuthenticator,
  enableAuthenticator,
  mailPasswordLink,
  mayMailResetLink,
  newRecoveryCodes,
  resetPassword,
} from './services';

const codesMessage =
  'Bewahren Sie diese Wiederherstellungscodes sicher auf. Jeder Code funktioniert genau einmal, falls Sie keinen Zugriff auf die App haben.';

/** What every signed-in user does with their own account: 2FA, password, name. */
export const profileRoutes = [
  route({
    method: 'GET',
    path: 'User/EnableAuthenticator',
    signedIn: true,
    allowWithoutMfa: true,
    async handler({ services, user }) {
      const issuer = await vereinsName(services);
      return enableAuthenticator(services.db, services.config, { userId: user.userId, email: user.email }, issuer);
    },
  }),
  route({
    method: 'POST',
    path: 'User/SetEnableAuthenticator',
    signedIn: true,
    allowWithoutMfa: true,
    body: codeBody,
    async handler({ db, services, user, actor, body }) {
      const recoveryCodes = await confirmAuthenticator(db, services.config, user.userId, body.code, actor);
      return { statusMessage: `Die Zwei-Faktor-Anmeldung ist eingeschaltet. ${codesMessage}`, recoveryCodes };
    },
  }),
  route({
    method: 'POST',
    path: 'User/GenerateRecoveryCodes',
    signedIn: true,
    async handler({ db, user, actor }) {
      if (!user.mfa) throw validationFailed({ mfa: ['Bitte schalten Sie zuerst die Zwei-Faktor-Anmeldung ein.'] });
      const recoveryCodes = await newRecoveryCodes(db, user.userId);
      await recordHistory(db, actor, { entityType: 'User', entityId: user.userId, action: 'recovery-codes' });
      return {
        statusMessage: `Neue Wiederherstellungscodes erstellt; die alten gelten nicht mehr. ${codesMessage}`,
        recoveryCodes,
      };
    },
  }),
  route({
    method: 'POST',
    path: 'User/DisableAuthenticator',
    signedIn: true,
    body: ownPasswordBody,
    // The password check (scrypt) stays out of the write lock; disableAuthenticator has its own transaction.
    transaction: false,
    async handler({ services, user, actor, body }) {
      const refuseWhenRequired = (await getMfaLevel(services)) === 2;
      await assertOwnPassword(services.db, user.userId, body.password);
      await disableAuthenticator(services.db, user.userId, actor, { refuseWhenRequired, action: 'mfa-disable' });
      return { statusMessage: 'Die Zwei-Faktor-Anmeldung ist ausgeschaltet.' };
    },
  }),
  route({
    method: 'POST',
    path: 'User/ResetAuthenticator',
    signedIn: true,
    allowWithoutMfa: true,
    body: ownPasswordBody,
    // The password check (scrypt) stays out of the write lock; disableAuthenticator has its own transaction.
    transaction: false,
    async handler({ services, user, actor, body }) {
      await assertOwnPassword(services.db, user.userId, body.password);
      await disableAuthenticator(services.db, user.userId, actor, { refuseWhenRequired: false, action: 'mfa-reset' });
      return { statusMessage: 'Der Schlüssel wurde zurückgesetzt. Richten Sie die App bitte neu ein.' };
    },
  }),
  route({
    method: 'POST',
    path: 'User/ChangePassword',
    signedIn: true,
    body: changePasswordBody,
    // Checking and hashing (scrypt) stay out of the write lock; changePassword has its own transaction.
    transaction: false,
    async handler({ services, user, actor, auth, body }) {
      await changePassword(services.db, user.userId, auth.sessionId, body.currentPassword, body.newPassword, actor);
      return { statusMessage: 'Das Passwort wurde geändert. Alle anderen Anmeldungen wurden beendet.' };
    },
  }),
  route({
    method: 'POST',
    path: 'User/UpdateProfile',
    signedIn: true,
    body: updateProfileBody,
    async handler({ db, services, user, actor, body }) {
      await db('users').where({ id: user.userId }).update({ name: body.name, updated_at: nowDb() });
      await recordHistory(db, actor, {
        entityType: 'User',
        entityId: user.userId,
        action: 'update',
        before: { name: user.name },
        after: { name: body.name },
      });
      return { ...currentUser(user, await getMfaLevel(services, db)), name: body.name };
    },
  }),
  route({
    method: 'POST',
    path: 'User/ForgotPassword',
    public: true,
    body: forgotPasswordBody,
    // Only reads here; the token and the mail are made after the answer, outside this request.
    transaction: false,
    async handler({ services, body }) {
      const user = await services
        .db('users')
        .where({ email: body.email.trim().toLowerCase(), active: true })
        .first('id', 'email', 'name');
      // The answer and its timing must not tell whether the address is known: the mail goes out
      // after the response.
      // A few mails per address and hour at most; earlier links stay valid (passwords.ts).
      if (user) {
        void (async () => {
          if (await mayMailResetLink(services.db, user.id)) await mailPasswordLink(services, user, 'reset');
          else services.log.warn('password reset mail skipped: too many requests', { userId: user.id });
        })().catch((err: unknown) =>
          services.log.error('password reset mail failed', { error: err instanceof Error ? err.message : String(err) }),
        );
      }
    },
  }),
  route({
    method: 'POST',
    path: 'User/ResetPassword',
    public: true,
    body: resetPasswordBody,
    // Hashing (scrypt) stays out of the write lock; resetPassword has its own transaction.
    transaction: false,
    async handler({ services, body }) {
      await resetPassword(services.db, body.email, body.token, body.password);
    },
  }),
];

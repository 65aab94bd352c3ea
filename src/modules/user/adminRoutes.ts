import { route } from '../../http/router';
import { validationFailed } from '../../platform/errors';
import { recordHistory } from '../../platform/history/history';
import { ROLLEN_EDIT, ROLLEN_VIEW, USER_EDIT, USER_VIEW } from './rights';
import {
  type BenutzerSaved,
  type PasswortLinkSent,
  roleBody,
  roleIdQuery,
  updateUserBody,
  userIdBody,
  userIdQuery,
} from './schema';
import {
  assertMayManage,
  deleteRole,
  deleteUser,
  disableAuthenticator,
  getBenutzer,
  listBenutzer,
  listRoles,
  mailEmailChanged,
  mailPasswordLink,
  saveRole,
  saveUser,
} from './services';

/** User administration (Grundeinstellungen → Benutzer). */
export const adminRoutes = [
  route({ method: 'GET', path: 'User/Users', rights: USER_VIEW, handler: ({ db }) => listBenutzer(db) }),
  route({
    method: 'GET',
    path: 'User/GetUser',
    rights: USER_VIEW,
    query: userIdQuery,
    handler: ({ db, query }) => getBenutzer(db, query.userID),
  }),
  route({
    method: 'POST',
    path: 'User/UpdateUser',
    rights: USER_EDIT,
    body: updateUserBody,
    // The user is saved (saveUser's own transaction) before the invitation and notice mails go out.
    transaction: false,
    async handler({ services, user, actor, body }): Promise<BenutzerSaved> {
      const saved = await saveUser(services.db, user, actor, body);
      // New users choose their own password through an invitation link. Without a mail server the
      // link comes back to this administrator to hand over (mailPasswordLink).
      const einladung =
        saved.created && saved.user.active ? await mailPasswordLink(services, saved.user, 'invite') : null;
      // The old address learns of the change: if it was not wanted, its owner can object in time.
      if (saved.emailChangedFrom) {
        await mailEmailChanged(services, saved.emailChangedFrom, saved.user, user.name).catch((err: unknown) =>
          services.log.error('e-mail change notice failed', {
            error: err instanceof Error ? err.message : String(err),
          }),
        );
      }
      return { ...saved.user, einladung };
    },
  }),
  route({
    method: 'POST',
    path: 'User/SendPasswordLink',
    rights: USER_EDIT,
    body: userIdBody,
    // The token is stored (its own statement) before the mail goes out; nothing to roll back.
    transaction: false,
    async handler({ services, user, actor, body }): Promise<PasswortLinkSent> {
      const target = await getBenutzer(services.db, body.userID);
      await assertMayManage(services.db, user, body.userID);
      if (!target.active) {
        throw validationFailed({ active: ['Der Benutzer ist deaktiviert. Aktivieren Sie ihn zuerst.'] });
      }
      // Someone who never set a password gets a new invitation (7 days), everybody else a reset link (1 hour).
      const row = await services.db('users').where({ id: body.userID }).first('password_hash');
      const purpose = row?.password_hash ? 'reset' : 'invite';
      const passwortLink = await mailPasswordLink(services, target, purpose);
      await recordHistory(services.db, actor, { entityType: 'User', entityId: target.id, action: 'password-link' });
      return { passwortLink };
    },
  }),
  route({
    method: 'DELETE',
    path: 'User/DeleteUser',
    rights: USER_EDIT,
    query: userIdQuery,
    async handler({ db, user, actor, query }) {
      await deleteUser(db, user, actor, query.userID);
    },
  }),
  route({
    method: 'POST',
    path: 'User/ResetUsersMFA',
    rights: USER_EDIT,
    body: userIdBody,
    async handler({ db, user, actor, body }) {
      await getBenutzer(db, body.userID);
      await assertMayManage(db, user, body.userID);
      await disableAuthenticator(db, body.userID, actor, { refuseWhenRequired: false, action: 'mfa-reset-by-admin' });
    },
  }),
  route({ method: 'GET', path: 'User/Rollen', rights: ROLLEN_VIEW, handler: ({ db }) => listRoles(db) }),
  route({
    method: 'POST',
    path: 'User/UpdateRolle',
    rights: ROLLEN_EDIT,
    body: roleBody,
    handler: ({ db, user, actor, body }) => saveRole(db, user, actor, body),
  }),
  route({
    method: 'DELETE',
    path: 'User/DeleteRolle',
    rights: ROLLEN_EDIT,
    query: roleIdQuery,
    async handler({ db, user, actor, query }) {
      await deleteRole(db, user, actor, query.id);
    },
  }),
];

import type { Context } from 'koa';
import type { AuthState } from '../../http/auth';
import { route } from '../../http/router';
import type { Db } from '../../platform/db/db';
import type { AppServices } from '../../platform/services';
import { getMfaLevel } from '../vereinseinstellungen/services';
import { LoginResult, login2faBody, loginBody, recoveryBody } from './schema';
import {
  checkPassword,
  checkRememberMachine,
  checkTotp,
  claimSecondFactorAttempt,
  currentUser,
  redeemRecoveryCode,
  rememberMachineToken,
  secondFactorRight,
  secondFactorWrong,
} from './services';

export const REMEMBER_MACHINE_COOKIE = 'kgv.2fa';

async function lockedOut(auth: AuthState): Promise<{ result: number }> {
  await auth.signOut();
  return { result: LoginResult.LockedOut };
}

/**
 * One second-factor attempt (TOTP or recovery code), counted on the account before the code is
 * checked: five wrong ones lock the account for 15 minutes whatever happens to the password, and
 * parallel guesses cannot outrun the count. Answers the result code, signing in fully on success.
 */
async function secondFactor(
  db: Db,
  auth: AuthState,
  userId: number,
  check: () => Promise<boolean>,
): Promise<{ result: number } | undefined> {
  if (!(await claimSecondFactorAttempt(db, userId))) return lockedOut(auth);
  if (!(await check())) {
    return (await secondFactorWrong(db, userId)) ? lockedOut(auth) : { result: LoginResult.Invalid2FA };
  }
  if (!(await secondFactorRight(db, userId))) return lockedOut(auth);
  // A fresh session for the full sign-in: the half-signed-in one is never promoted.
  await auth.signIn(userId, { remember: auth.remember });
  return undefined;
}

async function rememberThisMachine(koa: Context, services: AppServices, userId: number): Promise<void> {
  const user = await services.db('users').where({ id: userId }).first('security_stamp');
  if (!user?.security_stamp) return;
  koa.cookies.set(
    REMEMBER_MACHINE_COOKIE,
    rememberMachineToken(services.config.sessionSecret, userId, user.security_stamp),
    {
      httpOnly: true,
      sameSite: 'lax',
      secure: koa.secure,
      maxAge: 30 * 86_400_000,
    },
  );
}

export const loginRoutes = [
  route({
    method: 'POST',
    path: 'User/Login',
    public: true,
    body: loginBody,
    // The failure counters must stay when the answer is an error, and the session store writes
    // through its own connection (a transaction would hold SQLite's only one).
    transaction: false,
    async handler({ koa, body, auth, services }) {
      // Spec §4: login clears what the previous sign-in left behind, whatever the outcome.
      await auth.signOut();
      const outcome = await checkPassword(services.db, body.email, body.password, koa.ip);
      const remember = body.rememberMe ?? false;
      if (outcome.userId && outcome.result === LoginResult.Require2FA) {
        const user = await services.db('users').where({ id: outcome.userId }).first('security_stamp');
        const known = koa.cookies.get(REMEMBER_MACHINE_COOKIE);
        if (checkRememberMachine(services.config.sessionSecret, known, outcome.userId, user?.security_stamp ?? null)) {
          await auth.signIn(outcome.userId, { remember });
          return { result: LoginResult.LoggedIn };
        }
        await auth.signIn(outcome.userId, { state: 'pending2fa', remember });
      } else if (outcome.userId && outcome.result === LoginResult.LoggedIn) {
        await auth.signIn(outcome.userId, { remember });
      }
      return { result: outcome.result };
    },
  }),
  route({
    method: 'POST',
    path: 'User/Login2FA',
    signedIn: true,
    allowPending2fa: true,
    allowWithoutMfa: true,
    body: login2faBody,
    // Wrong codes are counted even when the answer is an error; the session store has its own connection.
    transaction: false,
    async handler({ koa, body, auth, services, user }) {
      if (!auth.pending2fa) return { result: LoginResult.LoggedIn };
      const failed = await secondFactor(services.db, auth, user.userId, () =>
        checkTotp(services.db, services.config, user.userId, body.code),
      );
      if (failed) return failed;
      if (body.rememberMachine) await rememberThisMachine(koa, services, user.userId);
      return { result: LoginResult.LoggedIn };
    },
  }),
  route({
    method: 'POST',
    path: 'User/LoginWithRecoveryCode',
    signedIn: true,
    allowPending2fa: true,
    allowWithoutMfa: true,
    body: recoveryBody,
    // Wrong codes are counted even when the answer is an error; the session store has its own connection.
    transaction: false,
    async handler({ body, auth, services, user }) {
      if (!auth.pending2fa) return { result: LoginResult.LoggedIn };
      const failed = await secondFactor(services.db, auth, user.userId, () =>
        redeemRecoveryCode(services.db, user.userId, body.recoveryCode),
      );
      if (failed) return failed;
      return { result: LoginResult.LoggedIn };
    },
  }),
  route({
    method: 'POST',
    path: 'User/Logout',
    public: true,
    // Ends the session through the session store's own connection, nothing else to write.
    transaction: false,
    async handler({ auth }) {
      await auth.signOut();
    },
  }),
  route({
    method: 'GET',
    path: 'User',
    signedIn: true,
    allowWithoutMfa: true,
    handler: async ({ user, services }) => currentUser(user, await getMfaLevel(services)),
  }),
];

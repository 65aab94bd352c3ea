import { route } from '../../http/router';
import { LoginResult, loginBody } from './schema';
import { checkPassword, currentUser } from './services';

export const userRoutes = [
  route({
    method: 'POST',
    path: 'User/Login',
    public: true,
    body: loginBody,
    async handler({ body, auth, services }) {
      // Spec §4: login clears what the previous sign-in left behind, whatever the outcome.
      await auth.signOut();
      const outcome = await checkPassword(services.db, body.email, body.password);
      if (outcome.userId && (outcome.result === LoginResult.LoggedIn || outcome.result === LoginResult.Require2FA)) {
        await auth.signIn(outcome.userId, {
          state: outcome.result === LoginResult.Require2FA ? 'pending2fa' : 'active',
          remember: body.rememberMe ?? false,
        });
      }
      return { result: outcome.result };
    },
  }),
  route({
    method: 'POST',
    path: 'User/Logout',
    public: true,
    async handler({ auth }) {
      await auth.signOut();
    },
  }),
  route({
    method: 'GET',
    path: 'User',
    signedIn: true,
    handler: ({ user }) => currentUser(user),
  }),
];

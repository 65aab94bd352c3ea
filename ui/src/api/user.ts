import type { z } from 'zod';
import type {
  AuthenticatorSetup,
  Benutzer,
  BenutzerSaved,
  CurrentUser,
  LoginResponse,
  PasswortLinkSent,
  RecoveryCodesResponse,
  Rolle,
  roleBody,
  LoginResult as ServerLoginResult,
  StatusMessage,
  updateUserBody,
} from '../../../src/modules/user/schema';
import { apiFetch } from './fetcher';
import { mutateApi } from './mutateApi';
import { CURRENT_USER_KEY } from './swrConfig';
import { useApi } from './useApi';

// The answer types are the server's (src/modules/user/schema.ts), never copies (ADR 0005).
export type {
  AuthenticatorSetup,
  Benutzer,
  BenutzerSaved,
  CurrentUser,
  LoginResponse,
  LoginResultCode,
  PasswortLink,
  PasswortLinkSent,
  RecoveryCodesResponse,
  Rolle,
  StatusMessage,
} from '../../../src/modules/user/schema';

/**
 * Spec §4 login result codes. A value, so kept here (importing the server's would bring zod into the
 * login page's bundle); `satisfies` keeps it equal to the server's.
 */
export const LoginResult = {
  LoggedIn: 0,
  Require2FA: 1,
  Invalid2FA: 2,
  LockedOut: 3,
  UnknownResult: -1,
} as const satisfies typeof ServerLoginResult;
/** The old name of `Benutzer` in the user screens. */
export type UserRow = Benutzer;

/** The signed-in user; the error is a 401 ApiError when signed out. */
export function useCurrentUser() {
  return useApi<CurrentUser>(CURRENT_USER_KEY);
}

export function login(body: { email: string; password: string; rememberMe?: boolean }) {
  return apiFetch<LoginResponse>('/api/User/Login', { method: 'POST', json: body });
}

export function login2fa(code: string, rememberMachine = false) {
  return apiFetch<LoginResponse>('/api/User/Login2FA', { method: 'POST', json: { code, rememberMachine } });
}

export function loginWithRecoveryCode(recoveryCode: string) {
  return apiFetch<LoginResponse>('/api/User/LoginWithRecoveryCode', { method: 'POST', json: { recoveryCode } });
}

export function logout() {
  return apiFetch<void>('/api/User/Logout', { method: 'POST' });
}

export function forgotPassword(email: string) {
  return apiFetch<unknown>('/api/User/ForgotPassword', { method: 'POST', json: { email } });
}

export function resetPassword(body: { email: string; token: string; password: string }) {
  return apiFetch<unknown>('/api/User/ResetPassword', { method: 'POST', json: body });
}

// ---- Own profile and two-factor sign-in ----

/** Spec §4: after every 2FA change the cached user (mfa, mfaSetupRequired) is read again. */
const REFRESH_USER = { revalidate: [CURRENT_USER_KEY] } as const;

export function updateProfile(name: string) {
  return mutateApi<CurrentUser>('/api/User/UpdateProfile', { json: { name }, ...REFRESH_USER });
}

export function changePassword(body: { currentPassword: string; newPassword: string }) {
  return mutateApi<StatusMessage>('/api/User/ChangePassword', { json: body });
}

/** A fresh key for the authenticator app (nothing changes until SetEnableAuthenticator). */
export function enableAuthenticator() {
  return apiFetch<AuthenticatorSetup>('/api/User/EnableAuthenticator');
}

export function setEnableAuthenticator(code: string) {
  return mutateApi<RecoveryCodesResponse>('/api/User/SetEnableAuthenticator', { json: { code }, ...REFRESH_USER });
}

export function generateRecoveryCodes() {
  return mutateApi<RecoveryCodesResponse>('/api/User/GenerateRecoveryCodes', REFRESH_USER);
}

/** Switching 2FA off or to a new key takes the own password: a session alone is not enough. */
export function disableAuthenticator(password: string) {
  return mutateApi<StatusMessage>('/api/User/DisableAuthenticator', { json: { password }, ...REFRESH_USER });
}

export function resetAuthenticator(password: string) {
  return mutateApi<StatusMessage>('/api/User/ResetAuthenticator', { json: { password }, ...REFRESH_USER });
}

// ---- User administration ----

/** The save bodies are the routes' own schemas' input types (ADR 0005), never copies. */
export type UserInput = z.input<typeof updateUserBody>;
export type RolleInput = z.input<typeof roleBody>;

export const USERS_KEY = '/api/User/Users';
export const ROLLEN_KEY = '/api/User/Rollen';

export function useUsers(enabled = true) {
  return useApi<Benutzer[]>(enabled ? USERS_KEY : null);
}

export function useRollen(enabled = true) {
  return useApi<Rolle[]>(enabled ? ROLLEN_KEY : null);
}

/** Revalidated after any change: the list, single users and the signed-in user (who may be the one changed). */
const USER_ADMIN_REFRESH = {
  revalidate: [CURRENT_USER_KEY],
  revalidatePrefixes: [USERS_KEY, '/api/User/GetUser'],
} as const;

/** A new user's answer carries the invitation link when no mail server took the mail (`einladung`). */
export function updateUser(input: UserInput) {
  return mutateApi<BenutzerSaved>('/api/User/UpdateUser', { json: input, ...USER_ADMIN_REFRESH });
}

/** Mails a new password link; without a mail server the answer holds the link to hand over. */
export function sendPasswordLink(userID: number) {
  return mutateApi<PasswortLinkSent>('/api/User/SendPasswordLink', { json: { userID } });
}

export function deleteUser(userID: number) {
  return mutateApi<void>('/api/User/DeleteUser', { method: 'DELETE', query: { userID }, ...USER_ADMIN_REFRESH });
}

export function resetUsersMfa(userID: number) {
  return mutateApi<void>('/api/User/ResetUsersMFA', { json: { userID }, ...USER_ADMIN_REFRESH });
}

/** Roles change what users may do: the rights of the signed-in user are read again as well. */
const ROLLEN_REFRESH = {
  revalidate: [CURRENT_USER_KEY],
  revalidatePrefixes: [ROLLEN_KEY, USERS_KEY, '/api/Common/GetRights'],
} as const;

export function updateRolle(input: RolleInput) {
  return mutateApi<Rolle>('/api/User/UpdateRolle', { json: input, ...ROLLEN_REFRESH });
}

export function deleteRolle(id: number) {
  return mutateApi<void>('/api/User/DeleteRolle', { method: 'DELETE', query: { id }, ...ROLLEN_REFRESH });
}

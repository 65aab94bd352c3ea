import { apiFetch } from './fetcher';
import { CURRENT_USER_KEY } from './swrConfig';
import { useApi } from './useApi';

export interface CurrentUser {
  name: string;
  role: string;
  email: string;
  mfa: boolean;
  isAdmin: boolean;
  isGlobalAdmin: boolean;
}

/** Spec §4 login result codes. */
export const LoginResult = {
  LoggedIn: 0,
  Require2FA: 1,
  Invalid2FA: 2,
  LockedOut: 3,
  UnknownResult: -1,
} as const;
export type LoginResultCode = (typeof LoginResult)[keyof typeof LoginResult];

export interface LoginResponse {
  result: LoginResultCode;
}

/** The signed-in user; the error is a 401 ApiError when signed out. */
export function useCurrentUser() {
  return useApi<CurrentUser>(CURRENT_USER_KEY);
}

export function login(body: { email: string; password: string; rememberMe?: boolean }) {
  return apiFetch<LoginResponse>('/api/User/Login', { method: 'POST', json: body });
}

export function login2fa(code: string) {
  return apiFetch<LoginResponse>('/api/User/Login2FA', { method: 'POST', json: { code } });
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

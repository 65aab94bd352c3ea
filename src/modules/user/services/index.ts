// The public face of the user module for other modules.

export {
  deleteRole,
  deleteUser,
  getUserRow,
  listRoles,
  listUserRows,
  type RoleRow,
  saveRole,
  saveUser,
  type UserRow,
} from './admin';
export { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin } from './firstStart';
export { checkPassword, LOCKOUT_MINUTES, MAX_FAILED_LOGINS, registerFailedLogin } from './login';
export { mailPasswordLink } from './mails';
export {
  changePassword,
  checkRememberMachine,
  createPasswordToken,
  passwordLink,
  rememberMachineToken,
  resetPassword,
} from './passwords';
export {
  checkTotp,
  confirmAuthenticator,
  disableAuthenticator,
  enableAuthenticator,
  newRecoveryCodes,
  redeemRecoveryCode,
} from './twoFactor';
export { countUsers, createUser, currentUser, getUserSummary, listUsers, type UserSummary } from './users';

// The public face of the user module for other modules.

export { assertMayManage, deleteUser, getBenutzer, listBenutzer, saveUser } from './admin';
export { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin } from './firstStart';
export {
  checkPassword,
  claimSecondFactorAttempt,
  LOCKOUT_MINUTES,
  lockedUntilOf,
  MAX_FAILED_LOGINS,
  secondFactorRight,
  secondFactorWrong,
  unlockUser,
} from './login';
export { mailEmailChanged, mailPasswordLink } from './mails';
export {
  changePassword,
  checkRememberMachine,
  createPasswordToken,
  MAX_RESET_MAILS_PER_HOUR,
  mayMailResetLink,
  passwordLink,
  rememberMachineToken,
  resetPassword,
} from './passwords';
export { deleteRole, listRoles, saveRole } from './roles';
export {
  assertOwnPassword,
  checkTotp,
  confirmAuthenticator,
  disableAuthenticator,
  enableAuthenticator,
  newRecoveryCodes,
  redeemRecoveryCode,
  type SealKeys,
} from './twoFactor';
export { countUsers, createUser, currentUser, getUserSummary, listUsers, type UserSummary } from './users';

// The public face of the user module for other modules.

export { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin } from './firstStart';
export { checkPassword, LOCKOUT_MINUTES, MAX_FAILED_LOGINS } from './login';
export { countUsers, createUser, currentUser, getUserSummary, listUsers, type UserSummary } from './users';

// Row types of the tables the User module owns (CONTEXT.md; ADR 0005). `sessions` is declared in
// platform/auth/tables.ts, beside the code that writes it.

/** BOOLEAN columns answer 0/1 on SQLite, true/false or 0/1 on MySQL. */
type Bool = boolean | number;

export type UserRow = {
  id: number;
  email: string;
  name: string;
  password_hash: string | null;
  active: Bool;
  mfa_enabled: Bool;
  totp_secret: string | null;
  /** BIGINT: a string on MySQL. */
  totp_last_step: number | string | null;
  security_stamp: string | null;
  failed_logins: number;
  locked_until: string | null;
  password_changed_at: string | null;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
  version: number;
};

export type RoleRow = { id: number; name: string; description: string; is_system: Bool; version: number };
export type RoleRightRow = { role_id: number; right_name: string };
export type UserRoleRow = { user_id: number; role_id: number };

export type UserRecoveryCodeRow = {
  id: number;
  user_id: number;
  salt: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
};

export type UserTokenRow = {
  id: number;
  user_id: number;
  purpose: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
};

export type LoginThrottleRow = {
  email: string;
  client: string;
  failures: number;
  locked_until: string | null;
  updated_at: string;
};

export type SecretKeyRow = { name: string; check_value: string; created_at: string };

declare module 'knex/types/tables' {
  interface Tables {
    users: UserRow;
    roles: RoleRow;
    role_rights: RoleRightRow;
    user_roles: UserRoleRow;
    user_recovery_codes: UserRecoveryCodeRow;
    user_tokens: UserTokenRow;
    login_throttle: LoginThrottleRow;
    secret_keys: SecretKeyRow;
  }
}

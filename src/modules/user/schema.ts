import { z } from 'zod';
import { RIGHTS } from '../../platform/auth/rights';
import { isCleanText, MULTILINE_CHARS_MESSAGE, queryInt, TEXT_CHARS_MESSAGE } from '../../platform/validation';

/** E-mail addresses are compared and stored in lower case. */
export const emailSchema = z
  .string()
  .trim()
  .max(254, 'Die E-Mail-Adresse ist zu lang.')
  .pipe(z.email('Bitte geben Sie eine gültige E-Mail-Adresse ein.'))
  .transform((s) => s.toLowerCase());

export const passwordSchema = z
  .string()
  .min(10, 'Das Passwort muss mindestens 10 Zeichen lang sein.')
  .max(200, 'Das Passwort darf höchstens 200 Zeichen lang sein.');

export const loginBody = z.strictObject({
  /** Not validated as an address: a typo must answer like a wrong password (-1), not 422. */
  email: z.string().max(254),
  password: z.string().max(200),
  rememberMe: z.boolean().optional(),
});

/** Spec §4 login result codes. */
export const LoginResult = {
  LoggedIn: 0,
  Require2FA: 1,
  Invalid2FA: 2,
  LockedOut: 3,
  UnknownResult: -1,
} as const;
export type LoginResultCode = (typeof LoginResult)[keyof typeof LoginResult];

// ---- Answers: the UI imports their types (`import type`) from here (ADR 0005) ----

export const loginResponse = z.object({ result: z.literal(Object.values(LoginResult)) });
export type LoginResponse = z.infer<typeof loginResponse>;

export const statusMessageResponse = z.object({ statusMessage: z.string() });
export type StatusMessage = z.infer<typeof statusMessageResponse>;

export const recoveryCodesResponse = statusMessageResponse.extend({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

export const authenticatorSetupResponse = z.object({
  /** Base32, in groups of 4 for typing by hand. */
  sharedKey: z.string(),
  /** otpauth:// URI the QR code encodes. */
  authenticatorUri: z.string(),
  /** PNG data URL of the QR code. */
  qrCode: z.string(),
});
export type AuthenticatorSetup = z.infer<typeof authenticatorSetupResponse>;

/** A Benutzer as the administration lists and saves them (`presentBenutzer`). */
export const benutzerResponse = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  active: z.boolean(),
  mfa: z.boolean(),
  roles: z.array(z.object({ id: z.number(), name: z.string() })),
  /** ISO time while the account is locked after failed sign-ins. */
  lockedUntil: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  /** Sent back with UpdateUser: a save over someone else's newer change answers 409. */
  version: z.number(),
});
export type Benutzer = z.infer<typeof benutzerResponse>;

/**
 * A password link the administrator hands over in person: only when the mail went to the outbox
 * alone (no mail server set up). Only in the answer to the administrator who created the user or
 * asked for the link — never in lists, never logged.
 */
export const passwortLinkResponse = z.object({
  link: z.string(),
  /** ISO time the link stops working. */
  gueltigBis: z.string(),
  /** 'einladung': a new user sets a first password (7 days); 'reset': a new password (1 hour). */
  zweck: z.enum(['einladung', 'reset']),
});
export type PasswortLink = z.infer<typeof passwortLinkResponse>;

/** The answer of UpdateUser: the saved Benutzer and, for a new user without mail server, the invitation link. */
export const benutzerSavedResponse = benutzerResponse.extend({ einladung: passwortLinkResponse.nullable() });
export type BenutzerSaved = z.infer<typeof benutzerSavedResponse>;

/** The answer of SendPasswordLink. */
export const passwortLinkSentResponse = z.object({ passwortLink: passwortLinkResponse.nullable() });
export type PasswortLinkSent = z.infer<typeof passwortLinkSentResponse>;

/** A Rolle with its rights (`presentRolle`). */
export const rolleResponse = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** Seeded roles: name fixed, never deleted. */
  isSystem: z.boolean(),
  rights: z.array(z.enum(RIGHTS)),
  version: z.number(),
});
export type Rolle = z.infer<typeof rolleResponse>;

export const currentUserResponse = z.object({
  name: z.string(),
  role: z.string(),
  email: z.string(),
  mfa: z.boolean(),
  isAdmin: z.boolean(),
  isGlobalAdmin: z.boolean(),
  /** The club requires 2FA (level 2) and this user has not set it up: the UI sends them to /profil?edit=2fa. */
  mfaSetupRequired: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserResponse>;

export const createUserInput = z.strictObject({
  email: emailSchema,
  name: z
    .string()
    .trim()
    .min(1, 'Bitte geben Sie einen Namen ein.')
    .max(200, 'Der Name ist zu lang.')
    .refine((s) => isCleanText(s), TEXT_CHARS_MESSAGE),
  password: passwordSchema,
  roles: z.array(z.string().min(1)).min(1, 'Bitte wählen Sie mindestens eine Rolle.'),
});
export type CreateUserInput = z.input<typeof createUserInput>;

const nameSchema = z
  .string()
  .trim()
  .min(1, 'Bitte geben Sie einen Namen ein.')
  .max(200, 'Der Name ist zu lang.')
  .refine((s) => isCleanText(s), TEXT_CHARS_MESSAGE);
const codeSchema = z.string().trim().max(20, 'Der Code ist zu lang.');

export const login2faBody = z.strictObject({ code: codeSchema, rememberMachine: z.boolean().optional() });
export const recoveryBody = z.strictObject({ recoveryCode: codeSchema.max(40) });
export const codeBody = z.strictObject({ code: codeSchema });
export const changePasswordBody = z.strictObject({
  currentPassword: z.string().max(200),
  newPassword: z.string().max(1000),
});
/** The own password, asked before 2FA is switched off or reset. */
export const ownPasswordBody = z.strictObject({ password: z.string().max(200) });
export const forgotPasswordBody = z.strictObject({ email: z.string().max(254) });
export const resetPasswordBody = z.strictObject({
  email: z.string().max(254),
  token: z.string().min(1, 'Der Link ist unvollständig.').max(200),
  password: z.string().max(1000),
});
export const updateProfileBody = z.strictObject({ name: nameSchema });

export const updateUserBody = z.strictObject({
  id: z.number().int().min(0).optional(),
  email: emailSchema,
  name: nameSchema,
  roleIds: z.array(z.number().int().positive()).max(50),
  active: z.boolean(),
  /** The version read: a save over someone else's newer change answers 409 version_conflict. */
  version: z.number().int().positive().optional(),
});
export type UpdateUserInput = z.output<typeof updateUserBody>;

export const userIdQuery = z.object({ userID: queryInt.pipe(z.number().positive('Erwartet wird eine Benutzer-ID.')) });
export const userIdBody = z.strictObject({ userID: z.number().int().positive() });
export const roleIdQuery = z.object({ id: queryInt.pipe(z.number().positive('Erwartet wird eine Rollen-ID.')) });

export const roleBody = z.strictObject({
  id: z.number().int().min(0).optional(),
  name: z
    .string()
    .trim()
    .min(1, 'Bitte geben Sie einen Namen ein.')
    .max(100, 'Der Name ist zu lang.')
    .refine((s) => isCleanText(s), TEXT_CHARS_MESSAGE),
  description: z
    .string()
    .trim()
    .max(500, 'Die Beschreibung ist zu lang.')
    .refine((s) => isCleanText(s, true), MULTILINE_CHARS_MESSAGE)
    .default(''),
  rights: z.array(z.enum(RIGHTS, { error: 'Unbekanntes Recht.' })).max(RIGHTS.length),
  version: z.number().int().positive().optional(),
});
export type RoleInput = z.output<typeof roleBody>;

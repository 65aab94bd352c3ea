import { z } from 'zod';

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

export const currentUserResponse = z.object({
  name: z.string(),
  role: z.string(),
  email: z.string(),
  mfa: z.boolean(),
  isAdmin: z.boolean(),
  isGlobalAdmin: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserResponse>;

export const createUserInput = z.strictObject({
  email: emailSchema,
  name: z.string().trim().min(1, 'Bitte geben Sie einen Namen ein.').max(200, 'Der Name ist zu lang.'),
  password: passwordSchema,
  roles: z.array(z.string().min(1)).min(1, 'Bitte wählen Sie mindestens eine Rolle.'),
});
export type CreateUserInput = z.input<typeof createUserInput>;

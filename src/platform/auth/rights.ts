/** The spec's right strings (§6). Shared by the server, the CLI and the UI. */
export const RIGHTS = [
  'User.Edit',
  'User.View',
  'User.Rollen.Edit',
  'User.Rollen.View',
  'WebApp.Admin',
  'WebApp.Admin.Global',
  'WebApp.Admin.Administrator',
  'WebApp.Abrechnung.Edit',
  'WebApp.Abrechnung.View',
  'WebApp.Email.Versenden',
  'WebApp.Kassa.Edit',
  'WebApp.Kassa.View',
  'WebApp.Rechnungspruefung.Edit',
  'WebApp.Rechnungspruefung.View',
  'WebApp.Stammdaten.Edit',
  'WebApp.Stammdaten.View',
  'WebApp.Userverwaltung.Edit',
  'WebApp.Userverwaltung.View',
  'WebApp.Vereinseinstellungen.Edit',
  'WebApp.Vereinseinstellungen.View',
  'WebApp.Wasser.Edit',
  'WebApp.Wasser.View',
] as const;

export type Right = (typeof RIGHTS)[number];

export function isRight(value: string): value is Right {
  return (RIGHTS as readonly string[]).includes(value);
}

/** The fixed id of the GlobalAdmin role (seeded by the first migration). */
export const GLOBAL_ADMIN_ROLE_ID = 1;

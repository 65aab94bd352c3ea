/**
 * The one spelling of a role in the UI. The seeded role's stored name (its identifier, used in
 * rights checks, imports and the API) stays "GlobalAdmin"; people read "Global Admin", as the badge
 * in the top bar says (spec §2).
 */
const DISPLAY_NAMES: Readonly<Record<string, string>> = { GlobalAdmin: 'Global Admin' };

export function roleDisplayName(name: string): string {
  return DISPLAY_NAMES[name] ?? name;
}

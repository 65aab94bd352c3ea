import { RIGHTS, type Right } from '../../../../src/platform/auth/rights';

export interface RightInfo {
  right: Right;
  /** Within its area, e.g. "ansehen". */
  short: string;
  /** On its own, e.g. "Stammdaten ansehen" (checkbox labels). */
  label: string;
}

export interface RightArea {
  title: string;
  rights: readonly RightInfo[];
}

const info = (right: Right, short: string, label: string): RightInfo => ({ right, short, label });

/** Every right of the spec (§6), grouped by the area of the app it opens, in menu order. */
export const RIGHT_AREAS: readonly RightArea[] = [
  {
    title: 'Stammdaten',
    rights: [
      info('WebApp.Stammdaten.View', 'ansehen', 'Stammdaten ansehen'),
      info('WebApp.Stammdaten.Edit', 'bearbeiten', 'Stammdaten bearbeiten'),
    ],
  },
  {
    title: 'Wasser',
    rights: [
      info('WebApp.Wasser.View', 'ansehen', 'Wasserbuch ansehen'),
      info('WebApp.Wasser.Edit', 'bearbeiten', 'Wasserbuch bearbeiten'),
    ],
  },
  {
    title: 'Kassa',
    rights: [
      info('WebApp.Kassa.View', 'ansehen', 'Kassabuch ansehen'),
      info('WebApp.Kassa.Edit', 'bearbeiten', 'Kassabuch bearbeiten'),
    ],
  },
  {
    title: 'Rechnungsprüfung',
    rights: [
      info('WebApp.Rechnungspruefung.View', 'ansehen', 'Rechnungen ansehen'),
      info('WebApp.Rechnungspruefung.Edit', 'bearbeiten', 'Rechnungen bearbeiten'),
    ],
  },
  {
    title: 'Abrechnung',
    rights: [
      info('WebApp.Abrechnung.View', 'ansehen', 'Abrechnung ansehen'),
      info('WebApp.Abrechnung.Edit', 'bearbeiten', 'Abrechnung bearbeiten'),
    ],
  },
  {
    title: 'E-Mails',
    rights: [info('WebApp.Email.Versenden', 'versenden', 'E-Mails versenden')],
  },
  {
    title: 'Vereinseinstellungen',
    rights: [
      info('WebApp.Vereinseinstellungen.View', 'ansehen', 'Vereinseinstellungen ansehen'),
      info('WebApp.Vereinseinstellungen.Edit', 'bearbeiten', 'Vereinseinstellungen bearbeiten'),
    ],
  },
  {
    title: 'Benutzer',
    rights: [
      info('User.View', 'Benutzer ansehen', 'Benutzer ansehen'),
      info('User.Edit', 'Benutzer bearbeiten', 'Benutzer bearbeiten'),
      info('WebApp.Userverwaltung.View', 'Benutzerverwaltung ansehen', 'Benutzerverwaltung ansehen'),
      info('WebApp.Userverwaltung.Edit', 'Benutzerverwaltung bearbeiten', 'Benutzerverwaltung bearbeiten'),
      info('User.Rollen.View', 'Rollen ansehen', 'Rollen ansehen'),
      info('User.Rollen.Edit', 'Rollen bearbeiten', 'Rollen bearbeiten'),
    ],
  },
  {
    title: 'Administration',
    rights: [
      info('WebApp.Admin', 'Admin', 'Admin'),
      info('WebApp.Admin.Administrator', 'Administrator', 'Administrator'),
      info('WebApp.Admin.Global', 'Global Admin', 'Global Admin (alle Rechte)'),
    ],
  },
];

// A right the spec adds later must not silently vanish from the editor.
const COVERED = new Set(RIGHT_AREAS.flatMap((area) => area.rights.map((r) => r.right)));
const UNCOVERED = RIGHTS.filter((right) => !COVERED.has(right));
export const ALL_AREAS: readonly RightArea[] = UNCOVERED.length
  ? [...RIGHT_AREAS, { title: 'Sonstige', rights: UNCOVERED.map((right) => info(right, right, right)) }]
  : RIGHT_AREAS;

export interface AreaSummary {
  title: string;
  /** The area's rights the role holds, in the area's order ("ansehen, bearbeiten"). */
  rights: string[];
}

/** A role's rights by area, areas without any left out; unknown strings under "Sonstige". */
export function summarizeRights(rights: readonly string[]): AreaSummary[] {
  const held = new Set(rights);
  const out: AreaSummary[] = [];
  for (const area of ALL_AREAS) {
    const names = area.rights.filter((r) => held.has(r.right)).map((r) => r.short);
    if (names.length) out.push({ title: area.title, rights: names });
  }
  const unknown = rights.filter((r) => !(RIGHTS as readonly string[]).includes(r));
  if (unknown.length) out.push({ title: 'Sonstige', rights: unknown });
  return out;
}

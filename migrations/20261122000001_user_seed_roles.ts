import type { Knex } from 'knex';

// Data migration: the seeded roles of DOMAIN.md. The lists are written out here, not imported,
// because a migration must keep doing what it did when it landed.
const view = [
  'User.View',
  'User.Rollen.View',
  'WebApp.Abrechnung.View',
  'WebApp.Kassa.View',
  'WebApp.Rechnungspruefung.View',
  'WebApp.Stammdaten.View',
  'WebApp.Userverwaltung.View',
  'WebApp.Vereinseinstellungen.View',
  'WebApp.Wasser.View',
];
const edit = [
  'User.Edit',
  'User.Rollen.Edit',
  'WebApp.Abrechnung.Edit',
  'WebApp.Kassa.Edit',
  'WebApp.Rechnungspruefung.Edit',
  'WebApp.Stammdaten.Edit',
  'WebApp.Userverwaltung.Edit',
  'WebApp.Vereinseinstellungen.Edit',
  'WebApp.Wasser.Edit',
];
const admin = ['WebApp.Admin', 'WebApp.Admin.Administrator'];
const mail = 'WebApp.Email.Versenden';

const roles: { id: number; name: string; description: string; rights: string[] }[] = [
  {
    id: 1,
    name: 'GlobalAdmin',
    description: 'Hält jedes Recht; feste Rollen-ID 1.',
    rights: [...view, ...edit, ...admin, mail, 'WebApp.Admin.Global'],
  },
  {
    id: 2,
    name: 'Administrator',
    description: 'Alle Rechte außer Global Admin.',
    rights: [...view, ...edit, ...admin, mail],
  },
  {
    id: 3,
    name: 'Obmann',
    description: 'Alle Bearbeitungs- und Leserechte, E-Mail-Versand.',
    rights: [...view, ...edit, mail],
  },
  {
    id: 4,
    name: 'Kassier',
    description: 'Kassa, Rechnungsprüfung und Abrechnung bearbeiten; Stammdaten lesen.',
    rights: [
      'WebApp.Kassa.Edit',
      'WebApp.Kassa.View',
      'WebApp.Rechnungspruefung.Edit',
      'WebApp.Rechnungspruefung.View',
      'WebApp.Abrechnung.Edit',
      'WebApp.Abrechnung.View',
      'WebApp.Stammdaten.View',
    ],
  },
  {
    id: 5,
    name: 'Schriftführer',
    description: 'Stammdaten bearbeiten, E-Mail-Versand.',
    rights: ['WebApp.Stammdaten.Edit', 'WebApp.Stammdaten.View', mail],
  },
  {
    id: 6,
    name: 'Wasserwart',
    description: 'Wasserbuch bearbeiten; Stammdaten lesen.',
    rights: ['WebApp.Wasser.Edit', 'WebApp.Wasser.View', 'WebApp.Stammdaten.View'],
  },
  { id: 7, name: 'Rechnungsprüfer', description: 'Alle Leserechte, sonst nichts.', rights: [...view] },
];

export async function up(knex: Knex): Promise<void> {
  for (const role of roles) {
    await knex('roles').insert({ id: role.id, name: role.name, description: role.description, is_system: true });
    await knex('role_rights').insert(role.rights.map((right_name) => ({ role_id: role.id, right_name })));
  }
}

export async function down(knex: Knex): Promise<void> {
  // Taking back the roles takes back their assignments; the users themselves stay.
  await knex('user_roles')
    .whereIn(
      'role_id',
      roles.map((r) => r.id),
    )
    .delete();
  await knex('role_rights')
    .whereIn(
      'role_id',
      roles.map((r) => r.id),
    )
    .delete();
  await knex('roles')
    .whereIn(
      'id',
      roles.map((r) => r.id),
    )
    .delete();
}

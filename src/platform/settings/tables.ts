// Row types of the key/value settings store (ADR 0005).
export type SettingRow = {
  section: string;
  key: string;
  value: string | null;
  updated_at: string;
  updated_by: number | null;
};

/** A section's optimistic-lock version (see vereinseinstellungen/services/sectionVersions.ts). */
export type SettingsVersionRow = { section: string; version: number };

declare module 'knex/types/tables' {
  interface Tables {
    settings: SettingRow;
    settings_versions: SettingsVersionRow;
  }
}

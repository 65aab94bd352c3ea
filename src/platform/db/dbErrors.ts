/**
 * Constraint violations as each driver reports them. The services use plain knex, so Objection's
 * wrapped errors never appear there: SQLite (better-sqlite3) sets `code`, MySQL/MariaDB (mysql2)
 * sets `code` and `errno`.
 */
type DriverError = { code?: unknown; errno?: unknown };

/** A UNIQUE index refused the row (SQLite) or ER_DUP_ENTRY 1062 (MySQL). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as DriverError | undefined;
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'ER_DUP_ENTRY' || e?.errno === 1062;
}

/**
 * A foreign key refused the change: a row still referenced (MySQL 1451) or a reference to a
 * missing row (MySQL 1452); SQLite does not tell the two apart.
 */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as DriverError | undefined;
  return (
    e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' ||
    e?.code === 'ER_ROW_IS_REFERENCED_2' ||
    e?.code === 'ER_NO_REFERENCED_ROW_2' ||
    e?.errno === 1451 ||
    e?.errno === 1452
  );
}

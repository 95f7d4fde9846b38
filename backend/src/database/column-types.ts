/**
 * Column types that differ between the two drivers. The driver is chosen by DATABASE_URL before any
 * entity module is loaded (main.ts and the test harness set it first), so decorators can read it.
 * PostgreSQL gets `timestamptz` (an instant, whatever the server's time zone); SQLite gets `datetime`,
 * which TypeORM stores as UTC text.
 */
export function isPostgres(): boolean {
  return /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '');
}

export function dateColumnType(): 'timestamptz' | 'datetime' {
  return isPostgres() ? 'timestamptz' : 'datetime';
}

/**
 * Lets the database stamp a save's `updatedAt`. PostgreSQL keeps microseconds and a loaded Date only milliseconds,
 * so a loaded `updatedAt` saved back counts as a change and would overwrite the new stamp with the old time.
 */
export function forgetUpdatedAt<T extends { updatedAt: Date }>(entity: T): T {
  Reflect.deleteProperty(entity, 'updatedAt');
  return entity;
}

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

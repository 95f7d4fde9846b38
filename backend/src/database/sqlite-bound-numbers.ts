import type { DataSource } from 'typeorm';

type Escape = (sql: string, parameters: Record<string, unknown>, native: Record<string, unknown>) => [string, unknown[]];

/**
 * TypeORM's SQLite driver writes the numbers of a query's named parameters into its text (`"postId" = 10000`), so
 * every read of a post, its comments or its translations was a statement of its own: prepared anew each time (a
 * render's three or four), and pushing the app's steady statements (the page store's writes among them) out of the
 * driver's cache of 100. Here numbers are bound like every other value, as raw queries bind them already: a
 * statement is prepared once per shape (issue 23: better-sqlite3's prepare was 4% of the serving thread in a fill).
 * Boxed on the way in (TypeORM tests `typeof value === 'number'`), unboxed in the parameters it hands over; whole
 * numbers as BigInt, which better-sqlite3 binds as INTEGER, so that they mean what the same digits in the text
 * meant (7 / 2 is 3, not 3.5).
 */
export function bindSqliteNumbers(dataSource: DataSource): void {
  if (dataSource.options.type !== 'better-sqlite3') return;
  const driver = dataSource.driver as unknown as { escapeQueryWithParameters: Escape };
  const escape = driver.escapeQueryWithParameters.bind(driver);
  driver.escapeQueryWithParameters = (sql, parameters, native) => {
    const boxed =
      parameters &&
      Object.fromEntries(Object.entries(parameters).map(([key, value]) => [key, typeof value === 'number' ? Object(value) : value]));
    const [text, values] = escape(sql, boxed, native);
    return [text, values.map((value) => (value instanceof Number ? sqliteNumber(value.valueOf()) : value))];
  };
}

function sqliteNumber(value: number): number | bigint {
  return Number.isSafeInteger(value) ? BigInt(value) : value;
}

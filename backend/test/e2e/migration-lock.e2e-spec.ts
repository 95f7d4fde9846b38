import { randomBytes } from 'node:crypto';
import { queryPostgres } from '../support/scratch-postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { POSTGRES_MIGRATIONS } from '../../src/database/migrations/postgres';
import { startTestApp, TestApp } from '../support/test-app';
import { onPostgres, POSTGRES_ONLY } from '../support/conditions';

/** A statement on the PostgreSQL server of the project (DATABASE_URL), in the named database. */
const query = (database: string | undefined, sql: string) => queryPostgres(process.env.DATABASE_URL as string, sql, database);

describe.runIf(onPostgres)('migrations at start on PostgreSQL', POSTGRES_ONLY, () => {
  const database = `mudawwana_test_${randomBytes(6).toString('hex')}`;
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await query(undefined, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  it('two replicas starting together on a fresh database both start, and each migration runs once', async () => {
    await query(undefined, `CREATE DATABASE ${database}`);
    const url = new URL(process.env.DATABASE_URL as string);
    url.pathname = `/${database}`;
    const started = await Promise.allSettled([0, 1].map(() => startTestApp({}, { databaseUrl: url.toString() })));
    for (const result of started) if (result.status === 'fulfilled') apps.push(result.value);
    expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual(['started', 'started']);

    const runs = await query(database, 'SELECT name, count(*)::int AS runs FROM migrations GROUP BY name ORDER BY name');
    expect(runs).toHaveLength(POSTGRES_MIGRATIONS.length);
    expect(runs.every((row) => row.runs === 1)).toBe(true);
    // Both serve the same blog: the default categories were seeded once.
    const [categories] = await query(database, 'SELECT count(*)::int AS n FROM categories');
    expect(categories.n).toBe(5);
    for (const app of apps) await app.agent().get('/api/categories').expect(200);
  });
});

// Where a benchmark keeps its blog: a scratch database on the PostgreSQL server of BENCH_DATABASE_URL, dropped at
// the end, or (without it) '' for SQLite in the benchmark's own DATA_DIR. Shared by the benchmark scripts.
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** `{ url, drop }`: the scratch database's URL ('' for SQLite) and how to remove it. `name` tells runs apart. */
export async function scratchDatabase(name) {
  if (!process.env.BENCH_DATABASE_URL) return { url: '', drop: async () => {} };
  const { default: pg } = await import(join(root, 'node_modules/pg/lib/index.js'));
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  const database = `${name}_${process.pid}`;
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(process.env.BENCH_DATABASE_URL);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    },
  };
}

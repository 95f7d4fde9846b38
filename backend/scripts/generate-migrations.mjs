// `npm run migration:generate -w backend -- <Name>`: writes the migration <Name> for each driver (SQLite on a scratch
// file; PostgreSQL on a scratch database of TEST_DATABASE_URL's server, dropped afterwards). With --check it writes
// nothing and exits 1 when entities and migrations disagree (check-generated runs it in CI).
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const [name] = args.filter((arg) => !arg.startsWith('--'));
if (!name) {
  console.error('usage: npm run migration:generate -w backend -- <Name>');
  process.exit(2);
}
const flags = args.filter((arg) => arg.startsWith('--'));
const generate = (driver, databaseUrl) =>
  spawnSync('node', [new URL('generate-migration.mjs', import.meta.url).pathname, name, driver, ...flags], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl },
  }).status;

let failed = generate('sqlite', '') !== 0;
if (process.env.TEST_DATABASE_URL) {
  const url = new URL(process.env.TEST_DATABASE_URL);
  const scratch = `mudawwana_migrations_${process.pid}`;
  const admin = url.toString();
  url.pathname = `/${scratch}`;
  spawnSync('psql', [admin, '-qc', `CREATE DATABASE ${scratch}`], { stdio: 'inherit' });
  failed = generate('postgres', url.toString()) !== 0 || failed;
  spawnSync('psql', [admin, '-qc', `DROP DATABASE IF EXISTS ${scratch}`], { stdio: 'inherit' });
} else {
  console.warn('TEST_DATABASE_URL is not set: the PostgreSQL migration was not generated or checked.');
}
process.exit(failed ? 1 : 0);

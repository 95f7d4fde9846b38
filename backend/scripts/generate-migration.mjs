// Writes a migration with the SQL that brings an up-to-date database of one driver in line with the
// entities (nothing when they already match). Run through `npm run migration:generate -- <Name>`, which
// calls it once per driver: SQLite on a scratch file, PostgreSQL on the (scratch) database of DATABASE_URL.
// With --check it writes nothing and exits 1 when entities and migrations have drifted apart (CI).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [name, driver] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
if (!name || !['sqlite', 'postgres'].includes(driver)) {
  console.error('usage: generate-migration.mjs <Name> <sqlite|postgres>');
  process.exit(2);
}
const { dataSourceOptions } = await import('../dist/database/data-source.js');
const { DataSource } = await import('typeorm');

const scratchDir = mkdtempSync(join(tmpdir(), 'migrations-'));
const database =
  driver === 'postgres'
    ? { type: 'postgres', url: process.env.DATABASE_URL }
    : { type: 'sqlite', file: join(scratchDir, 'scratch.sqlite') };
const dataSource = new DataSource(dataSourceOptions(database));
await dataSource.initialize();
await dataSource.runMigrations();
const sql = await dataSource.driver.createSchemaBuilder().log();
await dataSource.destroy();

if (sql.upQueries.length === 0) {
  console.log(`${driver}: entities and migrations agree; nothing to generate`);
  process.exit(0);
}
if (process.argv.includes('--check')) {
  console.error(`${driver}: entities and migrations differ:\n${sql.upQueries.map((q) => q.query).join('\n')}`);
  process.exit(1);
}
const timestamp = Date.now();
const className = `${name}${timestamp}`;
const quote = (query) => JSON.stringify(query.query) + (query.parameters?.length ? `, ${JSON.stringify(query.parameters)}` : '');
const body = `import { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  public async up(queryRunner: QueryRunner): Promise<void> {
${sql.upQueries.map((q) => `    await queryRunner.query(${quote(q)});`).join('\n')}
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
${sql.downQueries
  .reverse()
  .map((q) => `    await queryRunner.query(${quote(q)});`)
  .join('\n')}
  }
}
`;
const dir = new URL(`../src/database/migrations/${driver}/`, import.meta.url).pathname;
const file = `${timestamp}-${name}.ts`;
writeFileSync(join(dir, file), body);
console.log(`${driver}: wrote src/database/migrations/${driver}/${file}; add it to index.ts`);

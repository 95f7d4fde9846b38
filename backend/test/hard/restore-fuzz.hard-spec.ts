import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import * as tar from 'tar';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSlug } from '@mudawwana/rules';
import { createBackup } from '../../src/backup/archive';
import { BackupError } from '../../src/backup/backup-error';
import { restoreFromFile } from '../../src/backup/restore-file';
import { JsonRow, RowChecker } from '../../src/backup/row-checks';
import { readRows, tablesInDependencyOrder, tableShape } from '../../src/backup/tables';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { openDatabase } from '../../src/database/data-source';
import { createUploadStorage } from '../../src/upload/create-storage';
import { UPLOAD_STORAGE, UploadStorage } from '../../src/upload/storage';
import { onPostgres } from '../support/conditions';
import { createPost } from '../support/helpers';
import { scratchPostgres, ScratchDatabase } from '../support/scratch-postgres';
import { TarEntry, tarGz } from '../support/tar-builder';
import { startTestApp } from '../support/test-app';
import { seededRandom } from '../support/seeded-random';

/**
 * Fuzzes restore with mutated archives: a real backup of a seeded blog (made by `npm run backup`'s code), changed in
 * its names (tables, columns, manifest keys), types and sizes of values, nesting, lines, and upload entries (path
 * tricks, links, devices, duplicates, huge sizes, wrong bytes), then restored by `npm run restore`'s code into an
 * empty blog. After every attempt: no SQL of the archive ran (the schema and a canary table are as they were, and no
 * table outside the entities gained a row), nothing was written outside DATA_DIR, and either the restore succeeded
 * with every row valid by the API's rules or it was refused (BackupError) with the database exactly as before.
 * Seeded: FUZZ_SEED reproduces a run; RESTORE_FUZZ_RUNS runs more archives.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
/** About 30 to 50 s per driver in CI: a restore on PostgreSQL opens a pool and checks the migrations, ~3× SQLite's time. */
const RUNS = Number(process.env.RESTORE_FUZZ_RUNS ?? (onPostgres ? 75 : 300));

/** The tests' seeded source of choices (a seed gives the same archives on every machine); every list here has items. */
function generator(seed: number) {
  const random = seededRandom(seed);
  return { ...random, pick: <T>(items: readonly T[]): T => random.pick(items) as T };
}
type Random = ReturnType<typeof generator>;

const HOSTILE_NAMES = [
  'slug") SELECT ?, sqlite_version() || ?, ? --',
  'slug") SELECT $1, version() || $2, $3 --',
  'id"; DROP TABLE restore_canary; --',
  `name'); DELETE FROM restore_canary; --`,
  '"',
  '`',
  '__proto__',
  'constructor',
  '',
  ' ',
  'SLUG',
  'slug ',
  'sqlite_master',
  'pg_catalog"."pg_roles',
  'x'.repeat(3000),
  'عنوان',
];

function deep(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

function hostileValue(random: Random): unknown {
  return random.pick<() => unknown>([
    () => null,
    () => random.chance(0.5),
    () => random.pick([0, -1, 1, 1.5, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, 7]),
    () => random.pick(['', ' ', '1 OR 1=1', "'); DROP TABLE restore_canary; --", '"; DELETE FROM posts; --', 'yesterday']),
    () => random.pick(['2026-13-45T00:00:00Z', '1970-01-01T00:00:00.000Z', '2099-12-31T23:59:59.999Z', 'NaN']),
    () => random.pick(['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '<a href="javascript:alert(1)">x</a>']),
    () =>
      random.pick([
        'x\u0000y',
        '\ud800',
        'Not A Slug',
        'a'.repeat(64),
        'مقال-عربي',
        `$argon2id$v=19$m=1,t=1,p=1$${'A'.repeat(22)}$${'B'.repeat(43)}`,
      ]),
    () => 'ق'.repeat(random.pick([99, 101, 299, 301, 1001, 5000])),
    () => random.pick([[], ['a'], ['a', 'a'], Array.from({ length: 31 }, (_, i) => `t${i}`), [1, 2]]),
    () => random.pick([{}, { a: 1 }, deep(random.pick([3, 40, 200]))]),
  ])();
}

/** Values the API itself accepts, per column: archives changed only by these must restore (sanitised). */
function validValues(random: Random): Record<string, () => unknown> {
  const html = () =>
    `<p dir="rtl">${random.pick(['نص', 'text', '<b>x</b>'])}</p>${random.pick([
      '',
      '<script>alert(1)</script>',
      '<img src="https://a.example/x.png" onerror="alert(1)">',
      '<iframe src="https://evil.example"></iframe>',
      '<a href="javascript:alert(1)" target="_blank">x</a>',
    ])}`;
  return {
    title: () => random.pick(['عنوان جديد', 'New title', 'x']),
    content: html,
    name: () => random.pick(['اسم', 'Name two']),
    excerpt: () => random.pick([null, 'ملخص']),
    tags: () => random.pick([[], ['سفر'], ['a, b', 'C#']]),
    metaTitle: () => random.pick([null, 'عنوان']),
    readTime: () => random.pick([null, 0, 3]),
  };
}

interface Archive {
  manifest: Record<string, any>;
  /** Table file name (without .jsonl) → its lines, as text. */
  tables: Record<string, string[]>;
  uploads: Record<string, Buffer>;
  /** Entries added as they are (path tricks), after the others. */
  extra: TarEntry[];
}

const clone = (archive: Archive): Archive => ({
  manifest: structuredClone(archive.manifest),
  tables: Object.fromEntries(Object.entries(archive.tables).map(([name, lines]) => [name, [...lines]])),
  uploads: { ...archive.uploads },
  extra: [],
});

/** A line as an object to change (a line an earlier mutation broke counts as an empty row). */
function parsedRow(line: string): JsonRow {
  try {
    const row: unknown = JSON.parse(line);
    return row !== null && typeof row === 'object' && !Array.isArray(row) ? (row as JsonRow) : {};
  } catch {
    return {};
  }
}

/** One mutation of a row, a line, the manifest, a table file or an upload entry (`jpeg`: the seeded blog's image). */
function mutate(archive: Archive, random: Random, outside: string, onlyValid: boolean, jpeg: Buffer): string {
  // The manifest's row counts (an earlier mutation may have made them something else: they start again empty).
  const counts = (): Record<string, unknown> => {
    const tables: unknown = archive.manifest.tables;
    if (tables === null || typeof tables !== 'object') archive.manifest.tables = {};
    return archive.manifest.tables as Record<string, unknown>;
  };
  const tableNames = Object.keys(archive.tables).filter((name) => archive.tables[name].length);
  const table = random.pick(tableNames);
  const lines = archive.tables[table];
  const index = random.int(lines.length);
  const row = parsedRow(lines[index]);
  const columns = Object.keys(row);
  const column = random.pick(columns);
  const uploadKeys = Object.keys(archive.uploads);
  const escape = `${'../'.repeat(8)}${outside.slice(1)}`;
  const mutations: [string, () => void][] = [
    [
      'rename a column',
      () => {
        const { [column]: value, ...rest } = row;
        lines[index] = JSON.stringify({ ...rest, [random.pick(HOSTILE_NAMES)]: value });
      },
    ],
    ['add a column', () => (lines[index] = JSON.stringify({ ...row, [random.pick(HOSTILE_NAMES)]: hostileValue(random) }))],
    ['drop a column', () => (lines[index] = JSON.stringify(Object.fromEntries(Object.entries(row).filter(([name]) => name !== column))))],
    ['a hostile value', () => (lines[index] = JSON.stringify({ ...row, [column]: hostileValue(random) }))],
    [
      'a valid value',
      () => {
        const valid = validValues(random);
        const candidates = columns.filter((name) => name in valid);
        if (!candidates.length) return;
        const name = random.pick(candidates);
        lines[index] = JSON.stringify({ ...row, [name]: valid[name]() });
      },
    ],
    [
      'the injection of issue 21',
      () => {
        // A one-row table whose last column name closes its quote and computes the value (exit 0 on f466a32).
        const { value, ...setting } = parsedRow(archive.tables.settings[0]);
        const p = (n: number) => (onPostgres ? `$${n}` : '?');
        const version = onPostgres ? 'version()' : 'sqlite_version()';
        const name = `value") SELECT ${p(1)}, ${p(2)}, ${p(3)}, ${version} || ${p(4)} --`;
        archive.tables.settings = [JSON.stringify({ ...setting, [name]: value })];
        counts().settings = 1;
      },
    ],
    [
      'a line that is no row',
      () => (lines[index] = random.pick(['[]', '42', '"row"', 'null', '{', '{"a":1}}', JSON.stringify(deep(500))])),
    ],
    ['a line twice', () => lines.splice(index, 0, lines[index])],
    ['a line less', () => lines.splice(index, 1)],
    ['a count that lies', () => (counts()[table] = random.pick([0, lines.length + 1, -1, 1.5, '3', null]))],
    [
      'an unknown table',
      () => {
        const name = random.pick(HOSTILE_NAMES);
        counts()[name] = 1;
        if (random.chance(0.5)) archive.tables[name] = ['{"id":1}'];
      },
    ],
    [
      'a table file the manifest does not list',
      () => (archive.tables[random.pick(['sqlite_master', 'migrations', 'x', 'posts_'])] = ['{"id":1}']),
    ],
    [
      'a manifest field',
      () => {
        const field = random.pick(['format', 'formatVersion', 'schemaVersion', 'createdAt', 'driver', 'tables', 'uploads']);
        archive.manifest[field] = random.pick([hostileValue(random), 'Initial1795304099904', '\u001b[31mred', undefined]);
      },
    ],
    [
      'a path trick',
      () => {
        const body = random.chance(0.5) ? jpeg : Buffer.from('<html><script>alert(1)</script>');
        archive.extra.push({
          path: random.pick([
            `uploads/${escape}/a.jpg`,
            `${outside}/b.jpg`,
            `uploads/../../c.jpg`,
            `../${relative(tmpdir(), outside)}/d.jpg`,
            'uploads/.hidden.jpg',
            'uploads/sub/e.jpg',
            'uploads\\..\\f.jpg',
            './uploads/g.jpg',
            `tables/${escape}/posts.jsonl`,
            'manifest.json/../h.jpg',
          ]),
          body,
        });
      },
    ],
    [
      'a link or a device',
      () => {
        archive.extra.push({
          path: random.pick(['uploads/link.jpg', 'uploads', 'manifest.json', 'tables/posts.jsonl', `uploads/${uploadKeys[0]}`]),
          type: random.pick(['1', '2', '3', '4', '5', '6'] as const),
          linkTarget: random.pick([outside, `${outside}/x.jpg`, '../../../etc/passwd', 'manifest.json']),
        });
      },
    ],
    [
      'a name twice',
      () => {
        const key = random.pick(uploadKeys);
        archive.extra.push({ path: random.pick([`uploads/${key}`, 'manifest.json', 'tables/users.jsonl']), body: jpeg });
      },
    ],
    [
      'a huge size',
      () => {
        const huge = random.pick([1024 ** 3, 11 * 1024 * 1024, 2 * 1024 ** 3]);
        archive.extra.push({ path: random.pick(['uploads/huge.jpg', 'manifest.json', 'tables/huge.jsonl']), declaredSize: huge });
      },
    ],
    [
      'an upload of other bytes',
      () => {
        archive.uploads[random.pick(uploadKeys)] = random.pick([
          Buffer.from('<svg onload="alert(1)"/>'),
          Buffer.alloc(0),
          jpeg.subarray(0, 64),
        ]);
      },
    ],
    [
      'an upload with another name',
      () => {
        const key = random.pick(uploadKeys);
        archive.uploads[random.pick(['x.html', '.htaccess', 'a b.jpg', 'ok-name.png', `${'n'.repeat(201)}.jpg`])] = archive.uploads[key];
        delete archive.uploads[key];
      },
    ],
  ];
  const [name, apply] = onlyValid ? mutations[4] : random.pick(mutations);
  apply();
  return `${name} (${table} line ${index + 1}, ${JSON.stringify(column ?? null).slice(0, 40)})`;
}

function entriesOf(archive: Archive): TarEntry[] {
  return [
    { path: 'manifest.json', body: JSON.stringify(archive.manifest) },
    ...Object.entries(archive.tables).map(([name, lines]) => ({
      path: `tables/${name}.jsonl`,
      body: lines.map((line) => `${line}\n`).join(''),
    })),
    ...Object.entries(archive.uploads).map(([key, body]) => ({ path: `uploads/${key}`, body })),
    ...archive.extra,
  ];
}

/** Every file under a folder with its size (the folders in `except` left out). */
function tree(folder: string, except: string[]): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    if (except.includes(path)) return;
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
    else found.push(`${relative(folder, path)} ${stat.size}`);
  };
  walk(folder);
  return found.sort();
}

interface Snapshot {
  schema: unknown[];
  /** Table → its rows as JSON text, sorted. */
  rows: Record<string, string[]>;
}

/** The schema (what SQL could change besides rows) and every row of every table of the database. */
async function snapshot(db: DataSource): Promise<Snapshot> {
  const schema: unknown[] = onPostgres
    ? [
        ...(await db.query(
          `SELECT c.relname, c.relkind, n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' AND c.relkind <> 'S' ORDER BY 1, 3`,
        )),
        ...(await db.query(
          `SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1, 2`,
        )),
        ...(await db.query(
          `SELECT proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' ORDER BY 1`,
        )),
        ...(await db.query('SELECT tgname FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1')),
        ...(await db.query('SELECT rolname, rolsuper FROM pg_roles ORDER BY 1')),
        ...(await db.query('SELECT extname FROM pg_extension ORDER BY 1')),
      ]
    : await db.query('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name');
  const tables: string[] = onPostgres
    ? (await db.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)).map((row: { tablename: string }) => row.tablename)
    : (await db.query(`SELECT name FROM sqlite_master WHERE type = 'table'`)).map((row: { name: string }) => row.name);
  const rows: Snapshot['rows'] = {};
  for (const table of tables.sort()) {
    const all: unknown[] = await db.query(`SELECT * FROM "${table}"`);
    rows[table] = all.map((row) => JSON.stringify(row)).sort();
  }
  return { schema, rows };
}

describe('restoring mutated archives', () => {
  const work = mkdtempSync(join(tmpdir(), 'mudawwana-restore-fuzz-'));
  const outside = join(work, 'outside');
  const dataDir = join(work, 'data');
  const archiveFile = join(work, 'mutated.tar.gz');
  /** The temporary folder of this process while restores run, where they extract archives: empty after each. */
  const temporary = join(work, 'tmp');
  const systemTemporary = process.env.TMPDIR;
  let base: Archive;
  let scratch: ScratchDatabase | undefined;
  let config: AppConfig;
  let db: DataSource;
  let storage: UploadStorage;

  beforeAll(async () => {
    mkdirSync(outside);
    mkdirSync(dataDir);
    mkdirSync(temporary);
    // The seeded blog, backed up by the code of `npm run backup`.
    const source = await startTestApp();
    try {
      const author = await source.author();
      const photo = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#335577' } })
        .jpeg()
        .toBuffer();
      const image = (await author.post('/api/upload').attach('image', photo, 'photo.jpg').expect(201)).body.url;
      const category = (await author.post('/api/categories').send({ name: 'رحلات', slug: 'travel' }).expect(201)).body;
      const featured = await createPost(author, {
        title: 'رحلة',
        content: `<p>نص</p><img src="${image}">`,
        categoryId: category.id,
        tags: ['سفر'],
        published: true,
      });
      await author.put(`/api/posts/${featured.id}/featured`).send({ featured: true }).expect(200);
      await createPost(author, { title: 'مسودة', published: false });
      await author.post('/api/pages').send({ title: 'عن المدونة', slug: 'about', content: '<p>من نحن</p>' }).expect(201);
      await author.put('/api/social-links').send({ twitter: 'https://x.com/mudawwana' }).expect(200);
      await source.agent().post('/api/newsletter').send({ email: 'reader@example.com' }).expect(202);
      await author.post('/api/tokens').send({ name: 'CI' }).expect(201);
      await createBackup(source.app.get(DataSource), source.app.get<UploadStorage>(UPLOAD_STORAGE), join(work, 'seeded.tar.gz'));
    } finally {
      await source.close();
    }
    const extracted = mkdtempSync(join(work, 'seeded-'));
    await tar.extract({ file: join(work, 'seeded.tar.gz'), cwd: extracted });
    base = {
      manifest: JSON.parse(readFileSync(join(extracted, 'manifest.json'), 'utf8')),
      tables: Object.fromEntries(
        readdirSync(join(extracted, 'tables')).map((name) => [
          name.replace(/\.jsonl$/, ''),
          readFileSync(join(extracted, 'tables', name), 'utf8')
            .split('\n')
            .filter(Boolean),
        ]),
      ),
      uploads: Object.fromEntries(
        readdirSync(join(extracted, 'uploads')).map((key) => [key, readFileSync(join(extracted, 'uploads', key))]),
      ),
      extra: [],
    };
    rmSync(extracted, { recursive: true });

    // The empty blog restores go into, with a canary table that only SQL from an archive could change.
    scratch = onPostgres ? await scratchPostgres(process.env.DATABASE_URL as string, 'mudawwana_restore_fuzz') : undefined;
    config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : { DATABASE_URL: '' }) });
    db = await openDatabase(config.database);
    await db.query('CREATE TABLE restore_canary (id integer PRIMARY KEY, note text)');
    await db.query(`INSERT INTO restore_canary (id, note) VALUES (1, 'untouched')`);
    storage = await createUploadStorage(config);
  }, 180_000);

  afterAll(async () => {
    if (systemTemporary === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = systemTemporary;
    await storage?.close();
    await db?.destroy();
    await scratch?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  /** Puts the empty blog back after a restore that succeeded: its rows as they were, no uploads. */
  async function reset(before: Snapshot): Promise<void> {
    for (const metadata of tablesInDependencyOrder(db).reverse()) await db.query(`DELETE FROM "${metadata.tableName}"`);
    const now = await snapshot(db);
    for (const [table, rows] of Object.entries(before.rows)) {
      if (JSON.stringify(now.rows[table]) === JSON.stringify(rows)) continue;
      await db.query(`DELETE FROM "${table}"`);
      for (const row of rows.map((line) => JSON.parse(line) as JsonRow)) {
        const names = Object.keys(row);
        const placeholders = names.map((_, i) => (onPostgres ? `$${i + 1}` : '?'));
        await db.query(
          `INSERT INTO "${table}" (${names.map((name) => `"${name}"`).join(', ')}) VALUES (${placeholders.join(', ')})`,
          Object.values(row),
        );
      }
    }
    rmSync(config.uploadsDir, { recursive: true, force: true });
  }

  /** Every restored row passes the restore's own checks again, and the API's rules that matter most, checked here. */
  async function expectEveryRowValid(withApiTokens: boolean, context: string): Promise<void> {
    const checker = new RowChecker({ withApiTokens: true });
    for (const metadata of tablesInDependencyOrder(db)) {
      const shape = await tableShape(db.manager, metadata);
      for await (const row of readRows(db.manager, metadata)) {
        if (metadata.tableName !== 'sessions')
          expect(() => checker.check(shape, row), `${context}: ${metadata.tableName} ${JSON.stringify(row).slice(0, 200)}`).not.toThrow();
      }
    }
    for (const table of ['posts', 'pages', 'revisions']) {
      for (const { content } of await db.query(`SELECT content FROM ${table}`))
        expect(content, context).not.toMatch(/<script|<iframe(?![^>]*youtube)|\son\w+\s*=|javascript:/i);
    }
    for (const table of ['posts', 'pages', 'categories'])
      for (const { slug } of await db.query(`SELECT slug FROM ${table}`)) expect(isSlug(slug), `${context}: ${slug}`).toBe(true);
    expect(await db.query('SELECT sid FROM sessions'), context).toEqual([]);
    expect((await db.query('SELECT id FROM users')).length, context).toBeLessThanOrEqual(1);
    if (!withApiTokens) expect(await db.query('SELECT id FROM api_tokens'), context).toEqual([]);
  }

  /** What a row looks like read back (dates as ISO text), for comparing with what was restored. */
  const asRead = (row: JsonRow) => JSON.parse(JSON.stringify(row)) as JsonRow;

  /**
   * Every restored row is a row of the archive as restore's checks let it through (HTML sanitised, reset links
   * cleared), and nothing else: a value SQL computed, or a row it inserted, shows here.
   */
  async function expectRowsFromArchive(archive: Archive, withApiTokens: boolean, context: string): Promise<void> {
    const checker = new RowChecker({ withApiTokens });
    for (const metadata of tablesInDependencyOrder(db)) {
      const table = metadata.tableName;
      if (!Object.hasOwn(archive.manifest.tables, table) || checker.skips(table)) continue;
      const shape = await tableShape(db.manager, metadata);
      const key = (row: JsonRow) => JSON.stringify(metadata.primaryColumns.map((column) => row[column.databaseName]));
      const expected = (archive.tables[table] ?? []).map((line) => asRead(checker.check(shape, JSON.parse(line))));
      const actual: JsonRow[] = [];
      for await (const row of readRows(db.manager, metadata)) actual.push(row);
      const byKey = new Map(actual.map((row) => [key(row), row]));
      expect(actual.length, `${context}: ${table}`).toBe(expected.length);
      for (const row of expected) {
        const restored = byKey.get(key(row)) ?? {};
        expect(Object.fromEntries(Object.keys(row).map((name) => [name, restored[name]])), `${context}: ${table}`).toEqual(row);
      }
    }
  }

  it(
    `restores ${RUNS} mutated archives: never runs their SQL, never writes outside DATA_DIR, all or nothing`,
    async () => {
      const outcomes = { restored: 0, refused: 0 };
      const jpeg = Object.entries(base.uploads).find(([key]) => key.endsWith('.jpg'))?.[1] as Buffer;
      const filesBefore = tree(work, [dataDir, archiveFile]);
      process.env.TMPDIR = temporary;
      for (let run = 0; run < RUNS; run += 1) {
        const random = generator(SEED + run);
        const archive = clone(base);
        // A third of the archives change only values the API would accept (they must restore, sanitised).
        const onlyValid = random.chance(1 / 3);
        const changes = Array.from({ length: 1 + random.int(3) }, () => mutate(archive, random, outside, onlyValid, jpeg));
        const withApiTokens = random.chance(0.5);
        const context = `FUZZ_SEED=${SEED} run ${run}: ${changes.join('; ')}`;
        writeFileSync(archiveFile, tarGz(entriesOf(archive)));

        const before = await snapshot(db);
        let refusal: unknown;
        try {
          await restoreFromFile(config, storage, archiveFile, { withApiTokens });
        } catch (error) {
          refusal = error;
        }
        const after = await snapshot(db);
        expect(after.schema, context).toEqual(before.schema);
        expect(after.rows.restore_canary, context).toEqual(before.rows.restore_canary);
        expect(tree(work, [dataDir, archiveFile]), context).toEqual(filesBefore);
        expect(readdirSync(temporary), context).toEqual([]);
        if (refusal) {
          // A clear refusal (not a crash), and nothing changed: no row, no upload.
          expect(refusal, `${context}: ${String((refusal as Error).stack)}`).toBeInstanceOf(BackupError);
          expect(after.rows, context).toEqual(before.rows);
          expect(
            tree(dataDir, []).filter((file) => file.startsWith('uploads')),
            context,
          ).toEqual([]);
          outcomes.refused += 1;
        } else {
          // Only the entities' tables gained rows (the content version moved, as every restore does).
          const entityTables = new Set([
            ...tablesInDependencyOrder(db).map((metadata) => metadata.tableName),
            'content_version',
            'sqlite_sequence',
          ]);
          for (const table of Object.keys(before.rows).filter((name) => !entityTables.has(name)))
            expect(after.rows[table], `${context}: ${table}`).toEqual(before.rows[table]);
          for (const file of tree(config.uploadsDir, [])) expect(Object.keys(archive.uploads), context).toContain(file.split(' ')[0]);
          await expectEveryRowValid(withApiTokens, context);
          await expectRowsFromArchive(archive, withApiTokens, context);
          outcomes.restored += 1;
          await reset(before);
        }
      }
      console.info(
        `restore fuzz (${onPostgres ? 'postgres' : 'sqlite'}): ${RUNS} archives (seed ${SEED}), ${outcomes.restored} restored, ${outcomes.refused} refused`,
      );
      // The fuzz must reach both ends: archives that restore (valid changes, sanitised) and archives that are refused.
      expect(outcomes.restored).toBeGreaterThan(0);
      expect(outcomes.refused).toBeGreaterThan(0);
    },
    10 * 60_000,
  );
});

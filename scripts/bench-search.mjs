// `node scripts/bench-search.mjs`: the search case of the bench (issue 13) in process, without the HTTP server, so
// without waiting the many minutes the page store's first fill takes at 10,000 posts (scripts/bench.mjs,
// BENCH_ONLY=search, waits for it). Seeds BENCH_POSTS posts (default 10000) into a scratch SQLite DATA_DIR, or into a
// scratch database on the PostgreSQL server of BENCH_DATABASE_URL, indexes them as the app does when it starts, lets
// the database settle as autovacuum and a checkpoint would (PostgreSQL), then times the work of one
// `GET /api/search` (the ranked page of 20, the total, the 20 posts and their snippets: SearchService without its
// cache) for each query, best and median of BENCH_RUNS (default 5), and on PostgreSQL once more on a connection that
// has not searched yet ("cold", as a blog gets after 5 quiet minutes, or when requests overlap beyond the pool's 2
// kept connections: database/data-source.ts).
// Uses the current build (npm run build -w backend). BENCH_KEEP=1 keeps the seeded database and says how to reuse
// it; BENCH_REUSE=<database name or DATA_DIR> times again on one kept before (no seeding, no dropping).
import './node-runtime.mjs';
import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEARCH_QUERIES } from './search-queries.mjs';

const root = new URL('..', import.meta.url).pathname;
const dist = (path) => join(root, 'backend/dist', path);
const postCount = Number(process.env.BENCH_POSTS ?? 10000);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const reuse = process.env.BENCH_REUSE;
const keep = process.env.BENCH_KEEP === '1' || Boolean(reuse);
const postgresUrl = process.env.BENCH_DATABASE_URL;

const { default: pg } = await import(join(root, 'node_modules/pg/lib/index.js'));
const admin = postgresUrl ? new pg.Client({ connectionString: postgresUrl }) : undefined;
await admin?.connect();
// The app's DATA_DIR (the SQLite file lives there; PostgreSQL needs one for the config only).
const dataDir = !postgresUrl && reuse ? reuse : mkdtempSync(join(tmpdir(), 'mudawwana-search-bench-'));
let database;
if (postgresUrl) {
  const name = reuse ?? `mudawwana_search_bench_${process.pid}`;
  if (!reuse) await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  database = { type: 'postgres', url: url.toString(), name };
} else {
  database = { type: 'sqlite', file: join(dataDir, 'blog.sqlite') };
}

if (!reuse) {
  const seeded = spawnSync(process.execPath, [dist('database/seeds/seed-cli.js'), '--posts', String(postCount)], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database.url ?? '' },
    stdio: 'inherit',
  });
  if (seeded.status !== 0) process.exit(1);
}

// Entities read the driver from DATABASE_URL when their modules load (database/column-types.ts).
process.env.DATABASE_URL = database.url ?? '';
const { openDatabase } = await import(dist('database/data-source.js'));
const { reindexStalePosts } = await import(dist('search/post-indexes.js'));
const { SearchRepository } = await import(dist('search/search.repository.js'));
const { SearchService } = await import(dist('search/search.service.js'));
const { ContentEvents } = await import(dist('common/content-events.js'));
const { DomainEvents } = await import(dist('common/domain-events.js'));

const dataSource = await openDatabase(database);
try {
  const indexStarted = performance.now();
  const rebuilt = await reindexStalePosts(dataSource);
  if (rebuilt > 0) console.log(`indexed ${rebuilt} posts in ${Math.round(performance.now() - indexStarted)} ms`);
  if (database.type === 'postgres') {
    await dataSource.query('VACUUM ANALYZE');
    // The indexing's writes flushed now, not by a checkpoint in the middle of the timings (needs a superuser).
    await dataSource.query('CHECKPOINT').catch(() => undefined);
  }
  const serviceOn = (source) => new SearchService(new SearchRepository(source), source, new DomainEvents(), new ContentEvents());
  // The answer as GET /api/search computes it, minus HTTP and the short cache (each run must do the work).
  const answerOn = (searches, q) => searches.run(q, { includeDrafts: false, limit: 20, offset: 0 });
  const service = serviceOn(dataSource);
  const answer = (q) => answerOn(service, q);
  /**
   * PostgreSQL: the query on a connection that has not searched yet, as a quiet blog's readers get it (the pool closes
   * a connection unused for 5 minutes, beyond the 2 it keeps): its first visit to each page of shared memory costs a
   * page fault.
   */
  const coldRun = async (query) => {
    if (database.type !== 'postgres') return undefined;
    const fresh = await openDatabase(database, []);
    try {
      await fresh.query('SELECT 1');
      const started = performance.now();
      await answerOn(serviceOn(fresh), query);
      return performance.now() - started;
    } finally {
      await fresh.destroy();
    }
  };
  for (const query of SEARCH_QUERIES) await answer(query); // warm-up: JIT, the database's caches

  const rows = [];
  for (const query of SEARCH_QUERIES) {
    const times = [];
    let total = 0;
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      total = (await answer(query)).total;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    rows.push({ query, total, best: times[0], median: times[Math.floor(times.length / 2)], cold: await coldRun(query) });
  }
  const load = loadavg().map((value) => value.toFixed(1));
  console.log(`\n${database.type}, ${postCount} posts, best and median of ${runs} runs, load average ${load.join(' ')}`);
  if (database.type === 'postgres') console.log("cold: the query on a connection's first search (after SELECT 1 on it)");
  console.log(
    'best ms'.padStart(8),
    'median'.padStart(7),
    ...(database.type === 'postgres' ? ['cold'.padStart(7)] : []),
    'found'.padStart(6),
    ' query',
  );
  for (const row of rows) {
    const cold = row.cold === undefined ? [] : [row.cold.toFixed(1).padStart(7)];
    console.log(
      row.best.toFixed(1).padStart(8),
      row.median.toFixed(1).padStart(7),
      ...cold,
      String(row.total).padStart(6),
      ` ${row.query}`,
    );
  }
  const worst = rows.reduce((a, b) => (b.median > a.median ? b : a));
  console.log(`slowest median: ${worst.median.toFixed(1)} ms (${worst.query}); goal 50 ms`);
  const coldest = rows.reduce((a, b) => ((b.cold ?? 0) > (a.cold ?? 0) ? b : a));
  if (coldest.cold !== undefined) console.log(`slowest cold: ${coldest.cold.toFixed(1)} ms (${coldest.query})`);
} finally {
  await dataSource.destroy();
  if (keep) console.log(`kept: BENCH_REUSE=${database.name ?? dataDir}`);
  else if (database.name) await admin.query(`DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`);
  if (!keep || database.name) rmSync(dataDir, { recursive: true, force: true });
  await admin?.end();
}

// `npm run bench`: reading speed of the real built app at blog scale (issue 7), measured side by side in one run.
// Seeds BENCH_POSTS posts (default 10000) into a scratch SQLite DATA_DIR, or into a scratch database on the
// PostgreSQL server of BENCH_DATABASE_URL, starts the built app and a "ceiling" server (Node http answering the
// same bytes from memory), and drives both with the same client: 10 keep-alive connections, distinct URLs each
// fetched once, accepting gzip as every browser and crawler does. A second instance of the app on the same database
// keeps no pages in memory (PAGE_MEMORY_MB=0): its crawl shows what a page read from the database costs.
// Prints one table with ratios to the ceiling and writes it to bench/results/latest.json.
// Not a test: kept out of `npm test` and CI. BENCH_SKIP_BUILD=1 uses the current build as is.
// BENCH_ONLY=search measures only the search case (issue 13), once the page store is filled like the other cases
// (while it fills, the server answers little else; scripts/bench-search.mjs times the same queries in process without
// waiting for it).
import './node-runtime.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEARCH_QUERIES } from './search-queries.mjs';
import { scratchDatabase } from './bench-database.mjs';
import { pageStoreReady, probe, signIn, waitForHealth } from './bench-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const postCount = Number(process.env.BENCH_POSTS ?? 10000);
const port = Number(process.env.BENCH_PORT ?? 3901);
const ceilingPort = port + 1;
const plainCeilingPort = port + 3;
const base = `http://127.0.0.1:${port}`;
const CONNECTIONS = 10;
const CRAWL = 2000;
const HITS = 5000;
const dataDir = mkdtempSync(join(tmpdir(), 'mudawwana-bench-'));
const searchOnly = process.env.BENCH_ONLY === 'search';

const database = await scratchDatabase('mudawwana_bench');
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  DATABASE_URL: database.url,
  NODE_ENV: 'production',
  ALLOW_REGISTRATION: 'false',
};

if (!process.env.BENCH_SKIP_BUILD && spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);

/**
 * Starts the built app as `npm start` does, with the bench's probe (bench-probe.cjs: event-loop delay and memory);
 * `ready` resolves with the seconds until its page store was ready, `firstAnswer` with the seconds until it first
 * answered a page (GET /).
 */
function startServer(serverEnv) {
  const started = performance.now();
  const probeFile = join(dataDir, `probe-${serverEnv.PORT}.json`);
  const child = spawn(process.execPath, ['backend/dist/main.js'], {
    cwd: root,
    // BENCH_NODE_OPTIONS adds flags to the servers (`--cpu-prof --cpu-prof-dir=…` to see where a case's time goes).
    env: {
      ...serverEnv,
      BENCH_PROBE_FILE: probeFile,
      NODE_OPTIONS: `--require ${join(root, 'scripts/bench-probe.cjs')} ${process.env.BENCH_NODE_OPTIONS ?? ''}`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.probeFile = probeFile;
  child.stdout.pipe(process.stdout);
  // on a first start after seeding, the page store builds every public page; the cases run after that
  const ready = pageStoreReady(child, { started });
  let exited = false;
  child.once('exit', () => (exited = true));
  const firstAnswer = firstPageAnswer(`http://127.0.0.1:${serverEnv.PORT}`, started, () => exited);
  return { child, ready, firstAnswer, origin: `http://127.0.0.1:${serverEnv.PORT}` };
}

/** Seconds from `started` until GET / answers 200 (polled every 50 ms); null if the server stopped before. */
async function firstPageAnswer(origin, started, exited) {
  while (!exited()) {
    try {
      const response = await fetch(`${origin}/`);
      await response.arrayBuffer();
      if (response.ok) return Number(((performance.now() - started) / 1000).toFixed(1));
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

/** Runs `work` with a fresh probe window on `child`; resolves with its result and the window's loop delay and memory. */
async function probed(child, work) {
  await probe(child);
  const result = await work();
  const { loop, windowPeakMb, peakMb } = await probe(child);
  return { ...result, loop, peakMb: windowPeakMb, peakSinceStartMb: peakMb };
}

/** Resolves once `child` has used under 5% of a core for a whole second (its first fill and sweeps are done). */
async function idle(child) {
  const cpuTicks = () => {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (100 a second)
  };
  for (let before = cpuTicks(); ;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuTicks();
    if (now - before < 5) return;
    before = now;
  }
}

// A blog that has started once (migrations run, an empty store), then is seeded while stopped, then started: its
// first start after the seed builds every page (as on an upgrade of a big blog, or after an import).
const once = startServer(env);
await once.ready;
once.child.kill('SIGTERM');
await new Promise((resolve) => once.child.once('exit', resolve));
const seedStarted = performance.now();
const seeded = spawnSync(process.execPath, ['backend/dist/database/seeds/seed-cli.js', '--posts', String(postCount)], {
  cwd: root,
  env,
  stdio: 'inherit',
});
if (seeded.status !== 0) process.exit(1);
const seedSeconds = Math.round((performance.now() - seedStarted) / 1000);
const app = startServer(env);
const server = app.child;
// The fill's window opens at the first answer: before it the server is not serving anyone (loading code, migrating).
const firstAnswerSeconds = await app.firstAnswer;
await probe(server);
const storeReady = app.ready;
const noMemoryPort = port + 2;

const waitForServer = () => waitForHealth(base);

/** Peak resident memory of the server process (VmHWM: all its threads, since it started), in MB. */
function peakMemoryMb() {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Fetches each path once over CONNECTIONS keep-alive connections; returns req/s, p50, p99 and failures. */
async function load(origin, paths, { gzip = true } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = [];
  let failures = 0;
  let next = 0;
  const one = (path) =>
    new Promise((resolve) => {
      const started = performance.now();
      const request = http.get(`${origin}${path}`, { agent, headers: gzip ? { 'accept-encoding': 'gzip' } : {} }, (response) => {
        response.on('data', () => {});
        response.on('end', () => {
          latencies.push(performance.now() - started);
          if (response.statusCode >= 500) failures += 1;
          resolve();
        });
      });
      request.on('error', () => {
        failures += 1;
        resolve();
      });
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < paths.length) await one(paths[next++]);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
  return { rps: Math.round(paths.length / seconds), p50: at(0.5), p99: at(0.99), failures };
}

function shuffle(items) {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

async function json(path, init) {
  const response = await fetch(`${base}${path}`, init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

/** Every published post (slug, id, category), read page by page. */
async function allPosts() {
  const posts = [];
  for (;;) {
    const page = await json(`/api/posts?published=true&limit=50&offset=${posts.length}`);
    posts.push(...page);
    if (page.length < 50) return posts;
  }
}

async function editTitle(cookie, post, title) {
  await json(`/api/posts/${post.id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({ title }),
  });
}

/** Milliseconds from the edit's answer until every URL shows the new title (polled every 20 ms, anonymously). */
async function editToVisible(cookie, post, category) {
  const title = `عنوان معدل ${Date.now()}`;
  await editTitle(cookie, post, title);
  const started = performance.now();
  const urls = [
    `/post/${encodeURIComponent(post.slug)}`,
    '/',
    '/rss.xml',
    ...(category ? [`/category/${encodeURIComponent(category.slug)}`] : []),
  ];
  const pending = new Set(urls);
  while (pending.size > 0 && performance.now() - started < 60_000) {
    for (const url of [...pending]) {
      const body = await (await fetch(`${base}${url}`)).text();
      if (body.includes(title)) pending.delete(url);
    }
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return pending.size > 0 ? null : Math.round(performance.now() - started);
}

/** Each query once, in turn, over HTTP (`/api/search`, 20 results and the total): milliseconds per query. */
async function searchLatencies() {
  const times = [];
  for (const query of SEARCH_QUERIES) {
    const started = performance.now();
    const answer = await json(`/api/search?q=${encodeURIComponent(query)}`);
    times.push({ query, ms: Math.round(performance.now() - started), total: answer.total });
  }
  const sorted = times.map((time) => time.ms).sort((a, b) => a - b);
  const cachedStarted = performance.now();
  await json(`/api/search?q=${encodeURIComponent(SEARCH_QUERIES[0])}`);
  return {
    p50: sorted[Math.floor(sorted.length / 2)],
    p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))],
    max: sorted.at(-1),
    cachedMs: Math.round(performance.now() - cachedStarted),
    queries: times,
  };
}

function printSearch(search) {
  console.log(
    `search (/api/search, ${SEARCH_QUERIES.length} queries once each): p50 ${search.p50} ms, p95 ${search.p95} ms, max ${search.max} ms (goal 50 ms); repeated (cached) ${search.cachedMs} ms`,
  );
  for (const { query, ms, total } of search.queries)
    console.log(`  ${String(ms).padStart(5)} ms  ${String(total).padStart(6)} found  ${query}`);
}

/** A page's bytes as sent to a client that accepts gzip (not decompressed), and their encoding. */
function rawGet(path) {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] }));
      })
      .on('error', reject);
  });
}

async function largest(paths) {
  let biggest = { path: '', bytes: 0 };
  for (const path of paths) {
    const bytes = (await (await fetch(`${base}${path}`)).arrayBuffer()).byteLength;
    if (bytes > biggest.bytes) biggest = { path, bytes };
  }
  return biggest;
}

/**
 * The sitemap's size: one file, or (past 50,000 URLs) an index of files, each fetched: the index's bytes and each
 * file's (a 455-byte index printed as "0 KB" once passed for an empty sitemap).
 */
async function sitemapSizes() {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const files = sitemap.includes('<sitemapindex')
    ? [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname)
    : [];
  const fileBytes = [];
  for (const path of files) fileBytes.push((await (await fetch(`${base}${path}`)).arrayBuffer()).byteLength);
  return { bytes: Buffer.byteLength(sitemap), fileBytes };
}

/** The search case alone (BENCH_ONLY=search). */
async function searchOnlyRun() {
  await storeReady;
  // After the fill, the serving path's warm-up and the database's own work after it (autovacuum), as the full run
  // waits before its crawls: a search timed during them timed the machine's other work.
  await idle(server);
  const search = await searchLatencies();
  printSearch(search);
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const result = { at: new Date().toISOString(), database: database.url ? 'postgres' : 'sqlite', posts: postCount, search };
  writeFileSync(join(root, `bench/results/search-${result.database}.json`), `${JSON.stringify(result, null, 2)}\n`);
}

/** Every case, once the page store holds every public page. */
async function fullRun() {
  // The first start's fill, from its first answer: event-loop delay and memory. Past 20,000 posts it takes longer
  // than a run (a background share of the CPU: about an hour at 100,000): the cases run two minutes into it instead,
  // most post pages not built yet (BENCH_WAIT_FOR_FILL=1 waits for it anyway).
  const waitForFill = postCount <= 20_000 || process.env.BENCH_WAIT_FOR_FILL === '1';
  const fillSeconds = waitForFill ? await storeReady : null;
  if (!waitForFill) await new Promise((resolve) => setTimeout(resolve, 120_000));
  const fill = await probe(server);
  if (waitForFill) await idle(server);
  const posts = await allPosts();
  const categories = await json('/api/categories');
  const postPath = (post) => `/post/${encodeURIComponent(post.slug)}`;

  // The ceiling: the same bytes (a post page as the app sends it, gzip) from memory, over the same client.
  const sample = await rawGet(postPath(posts.at(-1)));
  ceilingServer = http.createServer((request, response) => {
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': sample.body.length,
      ...(sample.encoding ? { 'Content-Encoding': sample.encoding } : {}),
    });
    response.end(sample.body);
  });
  await new Promise((resolve) => ceilingServer.listen(ceilingPort, '127.0.0.1', resolve));
  const ceilingPaths = Array.from({ length: CRAWL }, (_, index) => `/post/ceiling-${index}`);
  await load(`http://127.0.0.1:${ceilingPort}`, ceilingPaths); // warm-up (JIT), not counted
  const ceiling = await load(`http://127.0.0.1:${ceilingPort}`, ceilingPaths);
  // The crawl without gzip is measured against the same page's plain bytes, sent as they are to the same client: the
  // issue's ceiling is "a Node http server answering the same page's bytes", and a client without gzip asks for
  // five times as many.
  const plainSample = Buffer.from(
    await (await fetch(`${base}${postPath(posts.at(-1))}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
  );
  plainCeilingServer = http.createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': plainSample.length });
    response.end(plainSample);
  });
  await new Promise((resolve) => plainCeilingServer.listen(plainCeilingPort, '127.0.0.1', resolve));
  await load(`http://127.0.0.1:${plainCeilingPort}`, ceilingPaths, { gzip: false }); // warm-up
  const plainCeiling = await load(`http://127.0.0.1:${plainCeilingPort}`, ceilingPaths, { gzip: false });

  const shuffled = shuffle(posts.slice(1, -1));
  const slice = (index) => shuffled.slice(index * CRAWL, (index + 1) * CRAWL).map(postPath);
  const [crawlPaths, afterEditPaths, fromDatabasePaths, plainPaths] = [0, 1, 2, 3].map(slice);
  // The first crawl after the start (each page once), before anything else has warmed the server.
  const crawl = await probed(server, () => load(base, crawlPaths));
  const cookie = await signIn(base);

  // Cold: one post page nobody asked for, sequentially.
  const coldPaths = shuffled.slice(4 * CRAWL, 4 * CRAWL + 20).map(postPath);
  const coldTimes = [];
  for (const path of coldPaths) {
    const started = performance.now();
    await (await fetch(`${base}${path}`)).arrayBuffer();
    coldTimes.push(performance.now() - started);
  }
  coldTimes.sort((a, b) => a - b);

  await load(
    base,
    Array.from({ length: 200 }, () => '/'),
  ); // warm-up
  const hit = await probed(server, () =>
    load(
      base,
      Array.from({ length: HITS }, () => '/'),
    ),
  );
  // A client that does not accept gzip: the app inflates the stored page.
  const plain = await probed(server, () => load(base, plainPaths, { gzip: false }));
  // The same crawl from an instance that keeps no page in memory: every page is read from the database.
  const noMemory = startServer({ ...env, PORT: String(noMemoryPort), PAGE_MEMORY_MB: '0' });
  let fromDatabase;
  try {
    // (during the fill, this instance would start one of its own: the crawl starts at its first answer instead)
    if (waitForFill) {
      await noMemory.ready;
      await idle(noMemory.child);
    } else await noMemory.firstAnswer;
    fromDatabase = await probed(noMemory.child, () => load(noMemory.origin, fromDatabasePaths));
  } finally {
    noMemory.child.kill();
  }
  const edited = posts[0]; // the newest post: on the home page, its category, the feed and every footer
  await editTitle(cookie, edited, `${edited.title} (معدل)`);
  const afterEdit = await probed(server, () => load(base, afterEditPaths));
  const busting = await probed(server, () =>
    load(
      base,
      Array.from({ length: CRAWL }, (_, index) => {
        const kind = index % 3;
        if (kind === 0) return `/?utm_source=bench-${index}`;
        if (kind === 1) return `${crawlPaths[index % crawlPaths.length]}?ref=bench-${index}`;
        return `/no-such-page-${index}`;
      }),
    ),
  );
  const category = categories.find((c) => c.id === edited.categoryId);
  // The rest (an edit seen on its pages, the largest pages and lists, the sitemap, search) in one window.
  const rest = await probe(server);
  const visibleMs = await editToVisible(cookie, edited, category);

  const pageCount = Math.ceil(posts.length / 20);
  const largestPage = await largest([
    '/',
    '/?view=all',
    `/?view=all&page=${pageCount}`,
    postPath(posts[0]),
    ...categories.map((c) => `/category/${encodeURIComponent(c.slug)}`),
    '/rss.xml',
  ]);
  // The sitemap is bounded by the protocol instead (50,000 URLs a file, then a sitemap index).
  const sitemap = await sitemapSizes();
  const largestList = await largest(['/api/posts', '/api/posts?published=true', '/api/posts?published=true&limit=50', '/api/categories']);
  const search = await searchLatencies();
  const afterRest = await probe(server);
  const memory = peakMemoryMb();

  const rows = [
    { case: 'ceiling (same bytes from memory)', ...ceiling },
    { case: 'ceiling without gzip (same plain bytes)', ...plainCeiling, against: plainCeiling },
    { case: `first crawl after the start (${CRAWL} posts)`, ...crawl },
    { case: 'cache hit (/ repeatedly)', ...hit },
    { case: 'crawl without gzip (to the plain ceiling)', ...plain, against: plainCeiling },
    { case: 'crawl, no memory tier (PAGE_MEMORY_MB=0)', ...fromDatabase },
    { case: 'crawl right after an edit', ...afterEdit },
    { case: 'cache-busting (utm, ref, unknown paths)', ...busting },
  ].map(({ against = ceiling, ...row }) => ({
    ...row,
    ratio: Number((row.rps / against.rps).toFixed(2)),
    ...(against !== ceiling ? { ratioToGzipCeiling: Number((row.rps / ceiling.rps).toFixed(2)) } : {}),
  }));
  const result = {
    at: new Date().toISOString(),
    database: database.url ? 'postgres' : 'sqlite',
    posts: posts.length,
    connections: CONNECTIONS,
    rows,
    coldPostMs: { p50: Math.round(coldTimes[10]), max: Math.round(coldTimes.at(-1)) },
    largestPage,
    largestList,
    sitemapBytes: sitemap.bytes,
    sitemapFileBytes: sitemap.fileBytes,
    editToVisibleMs: visibleMs,
    search,
    seedSeconds,
    firstAnswerSeconds,
    firstStartFillSeconds: fillSeconds,
    fill: { loop: fill.loop, peakMb: fill.windowPeakMb },
    rest: { loop: afterRest.loop, peakMb: afterRest.windowPeakMb, before: rest.peakMb },
    peakMemoryMb: memory,
  };

  console.log(`\n${result.database}, ${result.posts} posts, ${CONNECTIONS} connections, ${result.at}`);
  const columns = ['req/s', 'p50 ms', 'p99 ms', 'ratio', 'fail', 'loop p99', 'loop max', 'peak MB'];
  console.log('case'.padEnd(44), ...columns.map((column) => column.padStart(8)));
  for (const row of rows) {
    const cells = [
      row.rps,
      row.p50,
      row.p99,
      row.ratio.toFixed(2),
      row.failures,
      row.loop?.p99 ?? '',
      row.loop?.max ?? '',
      row.peakMb ?? '',
    ];
    console.log(row.case.padEnd(44), ...cells.map((cell) => String(cell).padStart(8)));
  }
  console.log(
    `first start after the seed: answered / in ${firstAnswerSeconds} s; ${fillSeconds === null ? 'the cases ran during the fill, from 2 minutes into it' : `every page built in ${fillSeconds} s`} (event loop p99 ${fill.loop.p99} ms, max ${fill.loop.max} ms, peak ${fill.windowPeakMb} MB)`,
  );
  console.log(`seeding ${postCount} posts: ${seedSeconds} s`);
  console.log(
    `edit to visible, largest pages and lists, sitemap, search: event loop p99 ${afterRest.loop.p99} ms, max ${afterRest.loop.max} ms, peak ${afterRest.windowPeakMb} MB`,
  );
  console.log(`cold post page, sequential: p50 ${result.coldPostMs.p50} ms, max ${result.coldPostMs.max} ms`);
  console.log(`largest page: ${largestPage.path} ${(largestPage.bytes / 1024).toFixed(0)} KB (bound 250 KB)`);
  console.log(`largest list: ${largestList.path} ${(largestList.bytes / 1024).toFixed(0)} KB (bound 1024 KB)`);
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(
    sitemap.fileBytes.length > 0
      ? `sitemap: an index of ${sitemap.fileBytes.length} files (${sitemap.bytes} bytes), the files ${sitemap.fileBytes.map(kb).join(' and ')} (${posts.length + 2} URLs, at most 50,000 a file)`
      : `sitemap: ${kb(sitemap.bytes)} (${posts.length + 2} URLs of at most 50,000 a file)`,
  );
  console.log(`edit to visible (post, home, category, feed): ${visibleMs === null ? 'not within 60 s' : `${visibleMs} ms`}`);
  printSearch(search);
  console.log(`server peak memory: ${memory} MB`);
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  // Kept per commit too, to compare builds run by run (bench/results/issue-NN.md tells which runs they were).
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim() || 'unknown';
  const perCommit = join(
    root,
    'bench/results/runs',
    `${commit}-${result.database}-${result.posts}-${result.at.replace(/[:.]/g, '-')}.json`,
  );
  mkdirSync(join(root, 'bench/results/runs'), { recursive: true });
  writeFileSync(perCommit, `${JSON.stringify({ commit, ...result }, null, 2)}\n`);
}

let ceilingServer;
let plainCeilingServer;
try {
  await waitForServer();
  if (searchOnly) await searchOnlyRun();
  else await fullRun();
} finally {
  ceilingServer?.close();
  plainCeilingServer?.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await database.drop().catch((error) => console.error('could not drop the scratch database:', error.message));
  rmSync(dataDir, { recursive: true, force: true });
}

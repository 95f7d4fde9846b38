// `node scripts/bench-dashboard.mjs`: the author's dashboard calls at blog scale (issue 14; target: under 200 ms).
// Seeds BENCH_POSTS posts (default 10000) into a scratch SQLite DATA_DIR, or into a scratch database on the PostgreSQL
// server of BENCH_DATABASE_URL, behind the running built app (`npm run build` first): the app starts on an empty blog
// so the page store's first fill (10,000 renders) does not compete with the measurement, which is of the API. Turns
// some posts into drafts and scheduled posts, then times each dashboard call (list, tabs, filters, search, counts,
// bulk actions) sequentially, as one author's browser would. Prints median and worst of each. Not a test.
import './node-runtime.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scratchDatabase } from './bench-database.mjs';
import { pageStoreReady, waitForHealth } from './bench-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const postCount = Number(process.env.BENCH_POSTS ?? 10000);
const port = Number(process.env.BENCH_PORT ?? 3911);
const base = `http://127.0.0.1:${port}`;
const RUNS = 15;
const dataDir = mkdtempSync(join(tmpdir(), 'mudawwana-bench-dashboard-'));

const database = await scratchDatabase('mudawwana_bench_dashboard');
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: database.url, NODE_ENV: 'production' };
const server = spawn(process.execPath, ['backend/dist/main.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
const storeReady = pageStoreReady(server, { onOutput: (chunk) => /error/i.test(chunk) && process.stderr.write(chunk) });

let cookie = '';
const settle = () => new Promise((resolve) => setTimeout(resolve, Number(process.env.BENCH_SETTLE_MS ?? 4000)));
async function call(path, init = {}) {
  const send = () => fetch(`${base}${path}`, { ...init, headers: { 'Content-Type': 'application/json', Cookie: cookie, ...init.headers } });
  let started = performance.now();
  let response;
  try {
    response = await send();
  } catch {
    // a keep-alive socket the server closed while the seeding ran: once more, on a fresh one, timed afresh
    started = performance.now();
    response = await send();
  }
  const body = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${body}`);
  return { ms: performance.now() - started, body: body ? JSON.parse(body) : null };
}

try {
  await waitForHealth(base);
  const credentials = { username: 'bench', password: 'bench-password' };
  // the first fill of an empty blog is quick; do not wait for ever for its message
  await Promise.race([storeReady, new Promise((resolve) => setTimeout(resolve, 60_000))]);
  await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...credentials, email: 'bench@example.com', name: 'Bench' }),
  });
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const seeded = spawnSync(process.execPath, ['backend/dist/database/seeds/seed-cli.js', '--posts', String(postCount)], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('seeding failed');

  // some drafts and scheduled posts among the published ones
  const page = (await call('/api/posts?limit=50&offset=2000')).body;
  await call('/api/posts/bulk', { method: 'POST', body: JSON.stringify({ action: 'unpublish', ids: page.slice(0, 40).map((p) => p.id) }) });
  for (const post of page.slice(40, 45)) {
    await call(`/api/posts/${post.id}`, {
      method: 'PUT',
      body: JSON.stringify({ published: true, publishAt: new Date(Date.now() + 86_400_000).toISOString() }),
    });
  }
  const categories = (await call('/api/categories')).body;
  const category = encodeURIComponent(categories[0].slug);
  const cases = [
    ['list, first page', '/api/posts?limit=10&offset=0'],
    ['list, page 500', '/api/posts?limit=10&offset=4990'],
    ['counts', '/api/posts/counts'],
    ['tab published', '/api/posts?limit=10&status=published'],
    ['tab scheduled', '/api/posts?limit=10&status=scheduled'],
    ['tab drafts', '/api/posts?limit=10&status=draft'],
    ['category filter', `/api/posts?limit=10&category=${category}`],
    ['category counts', `/api/posts/counts?category=${category}`],
    ['search', `/api/posts?limit=10&q=${encodeURIComponent('React')}`],
    ['search counts', `/api/posts/counts?q=${encodeURIComponent('React')}`],
    ['search + category + status', `/api/posts?limit=10&q=${encodeURIComponent('React')}&category=${category}&status=published`],
  ];
  const rows = [];
  const stats = (times) => {
    times.sort((a, b) => a - b);
    return { median: Math.round(times[Math.floor(times.length / 2)]), worst: Math.round(times.at(-1)) };
  };
  for (const [name, path] of cases) {
    await call(path); // warm
    const times = [];
    for (let run = 0; run < RUNS; run += 1) times.push((await call(path)).ms);
    rows.push({ call: name, ...stats(times) });
  }
  // bulk actions of a dashboard page (10 posts), back and forth
  const ids = (await call('/api/posts?limit=10&offset=3000&status=published')).body.map((p) => p.id);
  const bulkTimes = [];
  for (let run = 0; run < 6; run += 1) {
    const action = run % 2 === 0 ? 'unpublish' : 'publish';
    // after the page store's rebuilds of the previous change (they run after its answer, in the same process)
    await settle();
    bulkTimes.push((await call('/api/posts/bulk', { method: 'POST', body: JSON.stringify({ action, ids }) })).ms);
  }
  rows.push({ call: 'bulk publish/unpublish 10', ...stats(bulkTimes) });
  // for comparison: one post saved from the editor (the same save path, one post)
  const single = (await call(`/api/posts/id/${ids[0]}`)).body;
  const saveTimes = [];
  for (let run = 0; run < 6; run += 1) {
    await settle();
    saveTimes.push((await call(`/api/posts/${single.id}`, { method: 'PUT', body: JSON.stringify({ published: run % 2 === 1 }) })).ms);
  }
  rows.push({ call: 'save one post (publish toggle)', ...stats(saveTimes) });
  console.log(`\nDashboard at ${postCount} posts on ${database.url ? 'PostgreSQL' : 'SQLite'} (ms, ${RUNS} runs each, sequential):`);
  console.table(rows);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

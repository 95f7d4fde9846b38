// `node bench/junk-urls.mjs [checkout]`: what 3,000 made-up URLs and one edit cost the built server (issue 21,
// docs/decisions/020-bounded-work-per-url.md). Not a test: kept out of `npm test` and CI.
// Seeds BENCH_POSTS published posts (default 300) into a scratch SQLite DATA_DIR, starts `backend/dist/main.js` of
// `checkout` (default: this one; build it first, `npm run build`), waits for its page store, and reports:
//   - the rows the junk added to site_pages;
//   - the server's CPU time (utime + stime from /proc/<pid>/stat) for the junk, and for the 30 s after one edit, second
//     by second (ms of CPU in each; the reader's own requests cost a few ms a second);
//   - a reader's p50/p99 on a stored page (one connection, one request at a time) before, and during those 30 s.
// Prints one JSON object; BENCH_LABEL names it in bench/results/junk-urls-<label>.json.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { pageStoreReady, waitForHealth } from '../scripts/bench-server.mjs';

const here = new URL('..', import.meta.url).pathname;
const root = resolve(process.argv[2] ?? here);
const postCount = Number(process.env.BENCH_POSTS ?? 300);
const port = Number(process.env.BENCH_PORT ?? 3911);
const base = `http://127.0.0.1:${port}`;
const JUNK = 3_000;
const JUNK_CONNECTIONS = 8;
const AFTER_EDIT_MS = 30_000;
const TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux
const dataDir = mkdtempSync(join(tmpdir(), 'mudawwana-junk-'));
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), NODE_ENV: 'production', ALLOW_REGISTRATION: 'true' };

const seeded = spawnSync(process.execPath, ['backend/dist/database/seeds/seed-cli.js', '--posts', String(postCount)], {
  cwd: root,
  env,
  stdio: 'inherit',
});
if (seeded.status !== 0) process.exit(1);

const server = spawn(process.execPath, ['backend/dist/main.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
const ready = pageStoreReady(server);
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

/** The server's CPU time so far, in seconds. */
function cpuSeconds() {
  // The fields after the command name (which is in parentheses and may hold spaces): utime and stime are 14th and 15th.
  const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function storedRows() {
  const database = new DatabaseSync(join(dataDir, 'blog.sqlite'), { readOnly: true });
  try {
    return Number(database.prepare('SELECT COUNT(*) AS count FROM site_pages').get().count);
  } finally {
    database.close();
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One reader on a stored page, a request at a time, until `until()`; resolves with the latencies in ms. */
async function reader(path, until) {
  const times = [];
  while (!until()) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'gzip' } });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    await sleep(20);
  }
  return times;
}

function percentiles(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
  return { requests: sorted.length, p50Ms: at(50), p99Ms: at(99) };
}

/** Sitemap parts, pages past the last of real lists, unknown slugs and paths, query strings on real pages. */
function junkUrls(category, tag) {
  const urls = [];
  for (let n = 1; urls.length < 1_000; n += 1) urls.push(`/sitemap-${n}.xml`);
  for (let n = 1_000; urls.length < 1_750; n += 1)
    urls.push(`/?view=all&page=${n}`, `/category/${category}?page=${n}`, `/tag/${tag}?page=${n}`);
  for (let n = 0; urls.length < 2_500; n += 1) urls.push(`/post/scan-${n}`, `/category/scan-${n}`, `/wp-${n}.php`, `/a/${n}/b`);
  for (let n = 0; urls.length < JUNK; n += 1) urls.push(`/?utm_source=${n}`, `/about?page=${n}&x[]=${n}`);
  return urls.slice(0, JUNK);
}

try {
  await waitForHealth(base);
  await ready;
  const registered = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', email: 'bench@example.com', password: 'bench-pass-1', name: 'قارئ' }),
  });
  const cookie = registered.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const [post] = await (await fetch(`${base}/api/posts?limit=1`)).json().then((body) => body.items ?? body);
  const storedPage = `/post/${encodeURIComponent(post.slug)}`;
  await fetch(`${base}${storedPage}`);

  // A reader's baseline, the server otherwise idle (once what the start left running has ended).
  await sleep(5_000);
  let stopAt = Date.now() + 10_000;
  const before = percentiles(await reader(storedPage, () => Date.now() > stopAt));

  const rowsBefore = storedRows();
  const junkCpuStart = cpuSeconds();
  const junkStarted = performance.now();
  const statuses = {};
  const [category] = await (await fetch(`${base}/api/categories`)).json();
  const [tag] = await (await fetch(`${base}/api/tags`)).json();
  const urls = junkUrls(encodeURIComponent(category.slug), encodeURIComponent(tag.slug));
  let next = 0;
  await Promise.all(
    Array.from({ length: JUNK_CONNECTIONS }, async () => {
      while (next < urls.length) {
        const response = await fetch(`${base}${urls[next++]}`);
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }
    }),
  );
  const junk = {
    urls: urls.length,
    statuses,
    seconds: Math.round((performance.now() - junkStarted) / 100) / 10,
    cpuSeconds: Math.round((cpuSeconds() - junkCpuStart) * 100) / 100,
    rowsAdded: storedRows() - rowsBefore,
  };
  await sleep(3_000); // what the junk left running ends

  // One edit, then 30 s of a reader while the server rebuilds what it marked stale.
  const editCpuStart = cpuSeconds();
  const editStarted = performance.now();
  const edited = await fetch(`${base}/api/posts/${post.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ title: `${post.title} (معدّل)` }),
  });
  if (!edited.ok) throw new Error(`the edit failed: ${edited.status}`);
  const editedAt = performance.now();
  const perSecondMs = [];
  let sampled = cpuSeconds();
  const sampler = setInterval(() => {
    const now = cpuSeconds();
    perSecondMs.push(Math.round((now - sampled) * 1000));
    sampled = now;
  }, 1_000);
  stopAt = Date.now() + AFTER_EDIT_MS;
  const during = percentiles(await reader(storedPage, () => Date.now() > stopAt));
  clearInterval(sampler);
  const afterEdit = {
    editAnsweredMs: Math.round(editedAt - editStarted),
    cpuSeconds: Math.round((cpuSeconds() - editCpuStart) * 100) / 100,
    cpuMsPerSecond: perSecondMs,
  };

  const result = {
    label: process.env.BENCH_LABEL ?? 'run',
    checkout: root,
    posts: postCount,
    rowsAtStart: rowsBefore,
    junk,
    afterEdit,
    reader: { before, afterEdit: during },
  };
  console.log(JSON.stringify(result, null, 2));
  mkdirSync(join(here, 'bench', 'results'), { recursive: true });
  writeFileSync(join(here, 'bench', 'results', `junk-urls-${result.label}.json`), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  stop();
  await sleep(500);
  rmSync(dataDir, { recursive: true, force: true });
}

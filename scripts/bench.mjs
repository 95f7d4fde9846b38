// `npm run bench`: reading speed of the real built app, measured side by side in one run on one machine.
// Starts the server on a scratch SQLite DATA_DIR with 30 seeded posts, warms it up, then loads each URL in
// turn with autocannon (loopback only, bounded by time) and prints requests/s and latency, and each URL's
// throughput as a ratio of the static-file baseline (the favicon, a small file served by express.static).
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.BENCH_PORT ?? 3901);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'mudawwana-bench-'));
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', NODE_ENV: 'production' };

if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
spawnSync(process.execPath, ['backend/dist/database/seeds/seed-cli.js', '--posts', '30'], { cwd: root, env, stdio: 'inherit' });
const server = spawn(process.execPath, ['backend/dist/main.js'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });

async function waitForServer() {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

const load = (url) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections: 10, duration: seconds }, (error, result) => (error ? reject(error) : resolve(result))),
  );

try {
  await waitForServer();
  const posts = await (await fetch(`${base}/api/posts?published=true&limit=1`)).json();
  const targets = [
    ['static file (baseline)', '/favicon.svg'],
    ['home page /', '/'],
    ['post page /post/:slug', `/post/${encodeURIComponent(posts[0].slug)}`],
    ['API list of posts', '/api/posts?published=true'],
    ['API one post', `/api/posts/${encodeURIComponent(posts[0].slug)}`],
  ];
  const rows = [];
  for (const [name, path] of targets) {
    await load(`${base}${path}`); // warm-up run, not counted (caches, JIT)
    const result = await load(`${base}${path}`);
    rows.push({
      name,
      path,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
    });
  }
  const baseline = rows[0].rps;
  console.log(`\n${seconds}s per URL, 10 connections, loopback, ${new Date().toISOString()}`);
  console.log(
    'URL'.padEnd(28),
    'req/s'.padStart(9),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'vs static'.padStart(10),
    'errors'.padStart(7),
  );
  for (const row of rows) {
    console.log(
      row.name.padEnd(28),
      row.rps.toFixed(0).padStart(9),
      String(row.p50).padStart(8),
      String(row.p99).padStart(8),
      `${(row.rps / baseline).toFixed(2)}x`.padStart(10),
      String(row.errors).padStart(7),
    );
  }
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

// `npm run bench:signin`: the sign-in limiter's memory under a flood of made-up names (issue 21). Starts the built
// app on a scratch SQLite DATA_DIR behind a trusted proxy (TRUST_PROXY, so X-Forwarded-For gives each request its
// client address), reads its resident memory (VmRSS), sends BENCH_NAMES sign-in attempts (default 200,000), each with
// a name no account has, first all from one address, then each from an address of its own (an IPv6 /64 each: every
// attempt passes the address budget and reaches the name budgets), and reads VmRSS again after each round; then asks
// V8 for a full collection (over the inspector) and reads the heap kept and VmRSS once more. RSS right after a round is
// mostly garbage of the flood not yet collected; the heap kept after the collection is what the names cost.
// Not a test: kept out of `npm test` and CI. BENCH_SKIP_BUILD=1 uses the current build as is; BENCH_SERVER names
// another built main.js (the code before a change, to compare).
import './node-runtime.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { waitForHealth } from './bench-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const names = Number(process.env.BENCH_NAMES ?? 200_000);
const port = Number(process.env.BENCH_PORT ?? 3911);
const serverScript = resolve(root, process.env.BENCH_SERVER ?? 'backend/dist/main.js');
// More at once than the hashing queue holds (64), as a flood would: attempts that pass the limits are turned away with
// 503 once it is full, instead of each waiting for its hash (200,000 hashes would take a day).
const CONNECTIONS = 256;
const inspectorPort = port + 1;
const dataDir = mkdtempSync(join(tmpdir(), 'mudawwana-bench-signin-'));

if (!process.env.BENCH_SKIP_BUILD && spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);

const server = spawn(process.execPath, [`--inspect=127.0.0.1:${inspectorPort}`, serverScript], {
  cwd: root,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    DATABASE_URL: '',
    NODE_ENV: 'production',
    TRUST_PROXY: 'true',
    FRONTEND_DIR: process.env.FRONTEND_DIR ?? join(root, 'frontend/dist'),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const waitForServer = () => waitForHealth(`http://127.0.0.1:${port}`);

/** Sends one command to the server's V8 over the inspector (Chrome DevTools Protocol); resolves with its result. */
async function inspect(method, params = {}) {
  const [target] = await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((open, fail) => {
    socket.onopen = open;
    socket.onerror = fail;
  });
  const reply = new Promise((done) => (socket.onmessage = (message) => done(JSON.parse(message.data).result)));
  socket.send(JSON.stringify({ id: 1, method, params }));
  const result = await reply;
  socket.close();
  return result;
}

/** The server's resident memory now (VmRSS) and at its peak (VmHWM), in MB, after a second to settle. */
async function memoryMb(when) {
  await new Promise((done) => setTimeout(done, 1000));
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const mb = (field) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)[1]) / 1024);
  const memory = { rss: mb('VmRSS'), peak: mb('VmHWM') };
  console.log(`${when}: RSS ${memory.rss} MB (peak ${memory.peak} MB)`);
  return memory;
}

/** The JavaScript heap the server keeps (after a full collection), in MB. */
async function keptHeapMb() {
  await inspect('HeapProfiler.collectGarbage');
  const { result } = await inspect('Runtime.evaluate', { expression: 'process.memoryUsage().heapUsed', returnByValue: true });
  return Math.round(result.value / 1024 / 1024);
}

/** Sends `count` sign-ins over CONNECTIONS keep-alive connections, attempt i from address(i) as name-i; counts statuses. */
async function signIns(round, count, address) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const statuses = {};
  let next = 0;
  const one = (i) =>
    new Promise((done) => {
      const body = JSON.stringify({ username: `${round}-${i}-${'x'.repeat(40)}`, password: 'guess-guess' });
      const request = http.request(
        `http://127.0.0.1:${port}/api/login`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': address(i) },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
            done();
          });
        },
      );
      request.on('error', () => {
        statuses.error = (statuses.error ?? 0) + 1;
        done();
      });
      request.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < count) await one(next++);
    }),
  );
  agent.destroy();
  return { statuses, seconds: Math.round((performance.now() - started) / 1000) };
}

try {
  await waitForServer();
  await signIns('warm-up', 200, (i) => `192.0.2.${i % 200}`);
  const heapBefore = await keptHeapMb();
  const before = await memoryMb('started');
  const oneAddress = await signIns('one', names, () => '203.0.113.1');
  const afterOne = await memoryMb('after the names from one address');
  const manyAddresses = await signIns('many', names, (i) => `2001:db8:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}::1`);
  const afterMany = await memoryMb('after the names from one address each');
  const heapAfter = await keptHeapMb();
  const collected = await memoryMb('after a full garbage collection');
  console.log(`\n${names.toLocaleString('en')} sign-ins with distinct unknown names, each round (${serverScript}):`);
  console.table({
    'started (after 200 warm-up sign-ins)': { 'RSS MB': before.rss, 'peak MB': before.peak, 'kept heap MB': heapBefore },
    'after the names from one address': { 'RSS MB': afterOne.rss, 'peak MB': afterOne.peak, ...oneAddress.statuses, s: oneAddress.seconds },
    'after the names from one address each': {
      'RSS MB': afterMany.rss,
      'peak MB': afterMany.peak,
      ...manyAddresses.statuses,
      s: manyAddresses.seconds,
    },
    'after a full garbage collection': { 'RSS MB': collected.rss, 'peak MB': collected.peak, 'kept heap MB': heapAfter },
  });
} finally {
  server.kill('SIGTERM');
  await new Promise((done) => server.once('exit', done));
  rmSync(dataDir, { recursive: true, force: true });
}

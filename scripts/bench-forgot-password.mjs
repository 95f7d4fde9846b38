// `node scripts/bench-forgot-password.mjs`: does the time of POST /api/forgot-password tell whether an address has an
// account (issue 21)? Starts the built app (`npm run build` first; BENCH_APP=<path to main.js> measures another build)
// on a scratch SQLite DATA_DIR without SMTP (the mails go to the outbox, the case where the old code waited for them),
// registers accounts, then sends BENCH_REQUESTS (default 300) requests for addresses with an account and as many for
// addresses without, interleaved, one at a time on one keep-alive connection. Each request comes from an address of
// its own (TRUST_PROXY, X-Forwarded-For) and each account is asked for at most 3 times, so no limit is reached and
// every request for a known address does the whole work; BENCH_GAP_MS (default 20) apart. Prints median, mean and 90th percentile of each. Not a test.
import './node-runtime.mjs';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForHealth } from './bench-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const app = process.env.BENCH_APP ?? join(root, 'backend/dist/main.js');
const requests = Number(process.env.BENCH_REQUESTS ?? 300);
const port = Number(process.env.BENCH_PORT ?? 3921);
const PER_ACCOUNT = 3;
/** A pause after each request, so that work left after one answer (the mail) does not slow the next one measured. */
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 20);
const pause = () => new Promise((resolve) => setTimeout(resolve, GAP_MS));
const dataDir = mkdtempSync(join(tmpdir(), 'mudawwana-bench-forgot-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  DATABASE_URL: '',
  NODE_ENV: 'production',
  TRUST_PROXY: 'true',
  ALLOW_REGISTRATION: 'true',
  SMTP_URL: '',
  FRONTEND_DIR: join(root, 'frontend/dist'),
};
const server = spawn(process.execPath, [app], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function post(path, body, ip) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const started = process.hrtime.bigint();
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), 'X-Forwarded-For': ip },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const waitUntilUp = () => waitForHealth(`http://127.0.0.1:${port}`);

const ipOf = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), mean: times.reduce((sum, ms) => sum + ms, 0) / times.length, p90: at(0.9) };
};

try {
  await waitUntilUp();
  const accounts = Math.ceil(requests / PER_ACCOUNT);
  let ip = 1;
  for (let n = 0; n < accounts; n += 1) {
    const registered = await post(
      '/api/register',
      { username: `author${n}`, email: `author${n}@example.com`, password: 'bench-password', name: 'كاتب' },
      ipOf(ip++),
    );
    if (registered.status !== 201) throw new Error(`registration ${n} answered ${registered.status}`);
  }
  // Warm-up: the first requests pay for loading code paths, whichever address they are for.
  for (let n = 0; n < 20; n += 1) await post('/api/forgot-password', { email: `warm${n}@example.org` }, ipOf(ip++));

  const known = [];
  const unknown = [];
  for (let n = 0; n < requests; n += 1) {
    const withAccount = await post('/api/forgot-password', { email: `author${Math.floor(n / PER_ACCOUNT)}@example.com` }, ipOf(ip++));
    await pause();
    const without = await post('/api/forgot-password', { email: `nobody${n}@example.org` }, ipOf(ip++));
    await pause();
    if (withAccount.status !== 200 || without.status !== 200) throw new Error(`answered ${withAccount.status} and ${without.status}`);
    known.push(withAccount.ms);
    unknown.push(without.ms);
  }
  const rows = { 'address with an account': summary(known), 'address without': summary(unknown) };
  console.log(`POST /api/forgot-password, ${requests} requests each, ${GAP_MS} ms apart, no SMTP (outbox), ${app}`);
  for (const [name, { median, mean, p90 }] of Object.entries(rows)) {
    console.log(`  ${name.padEnd(24)} median ${median.toFixed(2)} ms  mean ${mean.toFixed(2)} ms  p90 ${p90.toFixed(2)} ms`);
  }
  const difference = rows['address with an account'].median - rows['address without'].median;
  console.log(`  difference of the medians: ${difference.toFixed(2)} ms`);
} finally {
  agent.destroy();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

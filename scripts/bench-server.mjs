// What the benchmark scripts share about the app they start (`node backend/dist/main.js`).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** Waits until the app at `base` answers /api/health: checked every 100 ms, at most `attempts` times. */
export async function waitForHealth(base, attempts = 600) {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

/**
 * Resolves once the server's output says its page store is ready (on a first start it builds every public page),
 * with the seconds since `started`. `onOutput` sees every chunk (to echo errors).
 */
export function pageStoreReady(child, { started = performance.now(), onOutput } = {}) {
  return new Promise((resolve) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      onOutput?.(chunk);
      if (/page store ready/.test(output)) resolve(Math.round((performance.now() - started) / 1000));
    });
  });
}

/**
 * What the probe in `child` measured since the last call (bench-probe.cjs): event-loop delay, peak resident memory.
 * The first call after a start opens the first window.
 */
export async function probe(child) {
  const file = child.probeFile;
  const before = readProbe(file)?.read ?? 0;
  child.kill('SIGUSR2');
  for (;;) {
    const measured = readProbe(file);
    if (measured && measured.read > before) return measured;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function readProbe(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The author's session cookie (the first account registered becomes the author). */
export async function signIn(base) {
  const credentials = { username: 'bench', password: 'bench-password' };
  await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      ...credentials,
      email: 'bench@example.com',
      name: 'Bench',
      bio: null,
      avatarUrl: null,
      resetToken: null,
      resetTokenExpiry: null,
    }),
  });
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`login: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

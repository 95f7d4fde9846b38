// What the benchmark scripts share about the app they start (`node backend/dist/main.js`).
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

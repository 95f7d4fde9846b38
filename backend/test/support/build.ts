import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

export const backendDir = join(__dirname, '..', '..');

/** Test files run in parallel workers: one compiles at a time (a directory is created atomically, or not at all). */
const LOCK = join(backendDir, '.test-build.lock');
const STALE_AFTER_MS = 5 * 60_000;

async function withBuildLock(work: () => Promise<void>): Promise<void> {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      const since = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (since > STALE_AFTER_MS) rmSync(LOCK, { recursive: true, force: true });
      await sleep(250);
    }
  }
  try {
    await work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * Compiles the backend to dist/ (incrementally), for tests that run its commands as `npm run …` does: as built
 * JavaScript in a process of their own.
 */
export async function buildBackend(): Promise<void> {
  await withBuildLock(async () => {
    await promisify(execFile)('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: backendDir });
  });
}

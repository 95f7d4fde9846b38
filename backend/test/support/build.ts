import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
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

/** A source file newer than what it compiles to (or compiled to nothing yet). */
function staleOutput(sourceDir: string, outputDir: string): boolean {
  for (const entry of readdirSync(sourceDir, { withFileTypes: true })) {
    const source = join(sourceDir, entry.name);
    if (entry.isDirectory()) {
      if (staleOutput(source, join(outputDir, entry.name))) return true;
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) {
      const output = statSync(join(outputDir, entry.name.replace(/\.ts$/, '.js')), { throwIfNoEntry: false });
      if (!output || output.mtimeMs < statSync(source).mtimeMs) return true;
    }
  }
  return false;
}

/**
 * The built backend (dist/, which `npm test` builds first), for tests that run the server as a process: compiled
 * here only when a source file is newer than its output (a local run after an edit).
 */
export async function builtBackend(): Promise<string> {
  if (staleOutput(join(backendDir, 'src'), join(backendDir, 'dist'))) await buildBackend();
  return join(backendDir, 'dist');
}

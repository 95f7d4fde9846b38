import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

export const backendDir = join(__dirname, '..', '..');
const rulesDir = join(backendDir, '..', 'packages', 'rules');

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

/** The newest modification time of the files under `path` that pass `keep` (0 when there are none). */
function newest(path: string, keep: (name: string) => boolean): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return keep(path) ? stat.mtimeMs : 0;
  return Math.max(0, ...readdirSync(path).map((entry) => newest(join(path, entry), keep)));
}

/**
 * Whether dist/ is the build of the current sources: `npm test` builds first (`npm run build`), and what it built is
 * used as is. Anything newer in the backend's sources (tests excluded), its build settings or the rules package's
 * sources means a developer changed something since.
 */
function builtIsCurrent(): boolean {
  if (!existsSync(join(backendDir, 'dist', 'main.js'))) return false;
  const built = newest(join(backendDir, 'dist'), (name) => name.endsWith('.js'));
  const sources = Math.max(
    newest(join(backendDir, 'src'), (name) => !name.endsWith('.spec.ts')),
    newest(join(backendDir, 'tsconfig.json'), () => true),
    newest(join(backendDir, 'tsconfig.build.json'), () => true),
    newest(join(rulesDir, 'src'), (name) => !name.endsWith('.spec.ts')),
  );
  return built >= sources;
}

/**
 * The backend compiled to dist/, for tests that run its commands (or the server itself) as `npm run …` does: as built
 * JavaScript in a process of their own. The build `npm test` made first is reused; it compiles (incrementally) only
 * when dist/ is missing or older than the sources.
 */
export async function buildBackend(): Promise<void> {
  if (builtIsCurrent()) return;
  await withBuildLock(async () => {
    if (builtIsCurrent()) return;
    await promisify(execFile)('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: backendDir });
  });
}

/** The built backend's folder (dist/), built first when it is not the build of the current sources (buildBackend). */
export async function builtBackend(): Promise<string> {
  await buildBackend();
  return join(backendDir, 'dist');
}

// Whether the built app is older than its sources (shared by `npm start`, `npm test` and the backend's commands).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

/** The newest modification time under the given paths (files or folders), skipping dependencies and builds. */
export function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach((path) => visit(join(root, path)));
  return latest;
}

/** When a built file was written (0 when it does not exist). */
export const builtAt = (file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : 0);

/**
 * When the backend was last compiled: the stamp its build writes once tsc has succeeded. Not a compiled file's time:
 * tsc compiles incrementally and leaves a file it would write the same as before untouched (main.js, the CLIs), so
 * after any change elsewhere the build looked older than its sources forever and every start compiled again.
 */
export const backendBuiltAt = () => builtAt('backend/dist/.built');

/** Whether the built app (backend and frontend) is at least as new as every source it is built from. */
export function appBuildIsCurrent() {
  const sources = newest([
    'packages/rules/src',
    'backend/src',
    'frontend/src',
    'frontend/index.html',
    'frontend/vite.config.ts',
    'frontend/build',
    'package-lock.json',
  ]);
  return Math.min(backendBuiltAt(), builtAt('frontend/dist/client/index.html')) >= sources;
}

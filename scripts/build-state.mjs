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
  return Math.min(builtAt('backend/dist/main.js'), builtAt('frontend/dist/client/index.html')) >= sources;
}

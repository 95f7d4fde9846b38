// `npm start`: builds what is missing or out of date, then serves the blog (API + site) from one process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** The newest modification time under the given paths (files or folders), skipping dependencies and builds. */
function newest(paths) {
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

const builtAt = (file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : 0);
const sources = newest(['backend/src', 'frontend/src', 'frontend/index.html', 'frontend/vite.config.ts', 'package-lock.json']);
const built = Math.min(builtAt('backend/dist/main.js'), builtAt('frontend/dist/client/index.html'));

if (built < sources) {
  console.log('Building the blog (first start, or the sources changed)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawnSync(process.execPath, ['backend/dist/main.js'], { cwd: root, stdio: 'inherit' });
process.exit(server.status ?? 0);

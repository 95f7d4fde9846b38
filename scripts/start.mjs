// `npm start`: builds what is missing or out of date, then serves the blog (API + site) from one process.
import './node-runtime.mjs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { appBuildIsCurrent, root } from './build-state.mjs';

if (!appBuildIsCurrent()) {
  console.log('Building the blog (first start, or the sources changed)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server runs in this process: a signal sent to it (Ctrl+C, kill, a process manager) reaches the server itself.
process.chdir(root);
await import(join(root, 'backend/dist/main.js'));

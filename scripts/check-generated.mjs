// CI guard: the committed OpenAPI document, the generated client and the migrations must match the code.
// Regenerates the first two and fails on any difference; asks TypeORM whether the entities need a migration.
import './node-runtime.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const run = (command, args, env = {}) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status;
const GENERATED = ['openapi', 'frontend/src/api/generated'];

/** Every file under the given folders: its content and modification times. */
function filesUnder(folders) {
  const files = new Map();
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
    else files.set(path, { content: readFileSync(path), atime: stat.atime, mtime: stat.mtime });
  };
  folders.forEach((folder) => visit(join(root, folder)));
  return files;
}

/**
 * Gives each regenerated file that came out the same as before its old times back. The generator rewrites every file
 * (orval cleans its folder first): the client's sources would look newer than the built app, and `npm test` would
 * build the whole app again for nothing (scripts/build-state.mjs compares times; docs/decisions/032-fast-ci.md).
 */
function keepTimesOfUnchanged(before) {
  for (const [path, now] of filesUnder(GENERATED)) {
    const then = before.get(path);
    if (then?.content.equals(now.content)) utimesSync(path, then.atime, then.mtime);
  }
}

let failed = false;
const before = filesUnder(GENERATED);
if (run('npm', ['run', 'api:generate']) !== 0) failed = true;
else keepTimesOfUnchanged(before);
if (!failed && run('git', ['diff', '--exit-code', '--stat', '--', ...GENERATED]) !== 0) {
  console.error('openapi/ or the generated client is out of date: run `npm run api:generate` and commit the result.');
  failed = true;
}
const untracked = spawnSync('git', ['ls-files', '--others', '--exclude-standard', '--', ...GENERATED], {
  cwd: root,
  encoding: 'utf8',
}).stdout.trim();
if (untracked) {
  console.error(`Generated files not committed:\n${untracked}`);
  failed = true;
}

if (run('node', ['backend/scripts/generate-migrations.mjs', 'Drift', '--check']) !== 0) failed = true;
process.exit(failed ? 1 : 0);

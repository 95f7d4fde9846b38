// CI guard: the committed OpenAPI document, the generated client and the migrations must match the code.
// Regenerates the first two and fails on any difference; asks TypeORM whether the entities need a migration.
import './node-runtime.mjs';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const run = (command, args, env = {}) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status;

let failed = false;
if (run('npm', ['run', 'api:generate']) !== 0) failed = true;
else if (run('git', ['diff', '--exit-code', '--stat', '--', 'openapi', 'frontend/src/api/generated']) !== 0) {
  console.error('openapi/ or the generated client is out of date: run `npm run api:generate` and commit the result.');
  failed = true;
}
const untracked = spawnSync('git', ['ls-files', '--others', '--exclude-standard', '--', 'openapi', 'frontend/src/api/generated'], {
  cwd: root,
  encoding: 'utf8',
}).stdout.trim();
if (untracked) {
  console.error(`Generated files not committed:\n${untracked}`);
  failed = true;
}

if (run('node', ['backend/scripts/generate-migrations.mjs', 'Drift', '--check']) !== 0) failed = true;
process.exit(failed ? 1 : 0);

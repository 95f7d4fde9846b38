// The backend's command-line tools: `npm run seed`, `backup`, `restore`, `images:variants` and `import`. Each runs on the
// Node the project needs (node-runtime.mjs); the backend is compiled first only when its sources changed (compiling
// takes several times longer than inserting 10,000 posts).
import './node-runtime.mjs';
import { spawnSync } from 'node:child_process';
import { backendBuiltAt, newest, root } from './build-state.mjs';

const TOOLS = {
  seed: 'database/seeds/seed-cli.js',
  backup: 'backup/backup-cli.js',
  restore: 'backup/restore-cli.js',
  'images:variants': 'upload/variants-cli.js',
  import: 'import/import-cli.js',
};
const [name, ...args] = process.argv.slice(2);
const tool = TOOLS[name];
if (!tool) {
  console.error(`usage: node scripts/backend-cli.mjs ${Object.keys(TOOLS).join('|')} [arguments]`);
  process.exit(2);
}
const entry = `backend/dist/${tool}`;
if (backendBuiltAt() < newest(['packages/rules/src', 'backend/src', 'backend/tsconfig.json', 'backend/tsconfig.build.json'])) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: root, stdio: ['inherit', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync(process.execPath, [entry, ...args], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);

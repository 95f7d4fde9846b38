// `npm run seed -- --posts N`: adds N demo posts. The backend is compiled first only when its sources changed
// (compiling takes several times longer than inserting 10,000 posts).
import { spawnSync } from 'node:child_process';
import { builtAt, newest, root } from './build-state.mjs';

if (
  builtAt('backend/dist/database/seeds/seed-cli.js') <
  newest(['packages/rules/src', 'backend/src', 'backend/tsconfig.json', 'backend/tsconfig.build.json'])
) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: root, stdio: ['inherit', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const seed = spawnSync(process.execPath, ['backend/dist/database/seeds/seed-cli.js', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(seed.status ?? 1);

// `npm run screenshots`: builds the blog when its sources changed, then takes a screenshot of every public and admin
// screen at 375 and 1280 px in both themes into test-output/screenshots/ (playwright.screenshots.config.ts).
import './node-runtime.mjs';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { appBuildIsCurrent, root } from './build-state.mjs';

if (!appBuildIsCurrent()) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dir = join(root, 'test-output', 'screenshots');
rmSync(dir, { recursive: true, force: true });
const run = spawnSync('npx', ['playwright', 'test', '--config', 'playwright.screenshots.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
console.log(`Screenshots in ${dir}`);
process.exit(run.status ?? 1);

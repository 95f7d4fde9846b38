// `npm test`: every test suite of the repository, in order, then one summary line `N passed, N failed`.
//  0. the build (frontend and backend), which the site's API tests and the browser tests use
//  1. the rules package's unit tests, backend unit tests and API tests over HTTP (SQLite, and PostgreSQL when TEST_DATABASE_URL is set)
//  2. frontend unit tests
//  3. browser tests (Playwright with Debian's Chromium) against the real built app
import './node-runtime.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'test-output', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const run = (command, args, options = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } }).status ?? 1;

/** Counts from a vitest JSON report. */
function vitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, missing: true };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: report.numPassedTests, failed: report.numFailedTests };
}

/** Counts from a Playwright JSON report. */
function playwrightCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, missing: true };
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected + (stats.errors?.length ?? 0) };
}

const suites = [];
function vitest(name, workspace) {
  const output = join(reports, `${name}.json`);
  const status = run(
    'npx',
    ['vitest', 'run', '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${output}`],
    {
      cwd: join(root, workspace),
    },
  );
  suites.push({ name, status, ...vitestCounts(output) });
}

// The build comes first: the site's API tests render with the built frontend, and the browser tests run it.
const build = run('npm', ['run', 'build']);
if (build !== 0) suites.push({ name: 'build', status: build, passed: 0, failed: 1 });

vitest('rules', 'packages/rules');
vitest('backend', 'backend');
vitest('frontend', 'frontend');

if (build === 0 && existsSync(join(root, 'playwright.config.ts'))) {
  const output = join(reports, 'e2e.json');
  const status = run('npx', ['playwright', 'test', '--reporter=list,json'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: output } });
  suites.push({ name: 'e2e', status, ...playwrightCounts(output) });
}

let passed = 0;
let failed = 0;
console.log('\nSummary');
for (const suite of suites) {
  // A runner that failed without reporting a failed test (crash, config error) still counts as a failure.
  const suiteFailed = suite.failed || (suite.status !== 0 ? 1 : 0);
  console.log(
    `  ${suite.name.padEnd(9)} ${suite.passed} passed, ${suiteFailed} failed${suite.missing ? ' (no report: the runner did not finish)' : ''}`,
  );
  passed += suite.passed;
  failed += suiteFailed;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

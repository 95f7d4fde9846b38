// `npm test`: every test suite of the repository, in order, then one summary line `N passed, N failed`.
//  0. the build (frontend and backend), which the site's API tests and the browser tests use
//  1. the rules package's unit tests, backend unit tests and API tests over HTTP (SQLite, and PostgreSQL when TEST_DATABASE_URL is set)
//  2. frontend unit tests
//  3. browser tests (Playwright with Debian's Chromium) against the real built app
import './node-runtime.mjs';
import { appBuildIsCurrent } from './build-state.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'test-output', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

// The summary tells, per runner, what passed, failed and was skipped (and why), which tests passed only on a retry,
// and how long the runner took (with the machine's load then: CI shares two cores).

const run = (command, args, options = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } }).status ?? 1;

/** Adds `count` skipped tests under `reason` (one line each in the summary). */
function skip(groups, reason, count, where) {
  const group = (groups[reason] ??= { count: 0, where: new Set() });
  group.count += count;
  if (where) group.where.add(where);
}

/** Lines that go on a failure's line in the summary, indented under it. */
const continued = (lines) => lines.map((line) => `\n              ${line}`).join('');

/**
 * A failure's message for the summary: its first lines, and where it happened. CI keeps only the end of a run's output,
 * so the summary is where a failure must say what went wrong, not only which test it was.
 */
function why(message, at) {
  if (!message) return '';
  const shown = stripVTControlCharacters(message)
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, 4)
    .map((line) => line.trimEnd());
  return continued([...shown, ...(at ? [`at ${at}`] : [])]);
}

/** Counts from a vitest JSON report; a skipped test's reason is its `meta.skipReason` (its suite's, inherited). */
function vitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, missing: true };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const skips = {};
  const failures = [];
  for (const result of report.testResults) {
    // A file that failed to load has no test results of its own: its message says why.
    if (result.status === 'failed' && result.assertionResults.length === 0)
      failures.push(`${relative(root, result.name)}: ${result.message}`);
    for (const test of result.assertionResults) {
      if (test.status === 'failed') failures.push(`${relative(root, result.name)} › ${test.fullName}${why(test.failureMessages?.[0])}`);
      if (test.status === 'passed' || test.status === 'failed') continue;
      const reason = test.status === 'todo' ? 'todo' : (test.meta?.skipReason ?? 'no reason given');
      skip(skips, reason, 1, relative(root, result.name));
    }
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    skips,
    failures,
    report,
  };
}

/**
 * What failed a vitest run outside its tests (scripts/vitest-run-errors.mjs), a line each: the error, the test file
 * it came from when vitest knows it, and the first frames of its stack.
 */
function runErrorsOf(file) {
  if (!existsSync(file)) return [];
  const { errors } = JSON.parse(readFileSync(file, 'utf8'));
  return errors.map(({ message, stack, file: from, test, after }) => {
    const where = [from && relative(root, from), test, after].filter(Boolean).join(' › ');
    const frames = (stack ?? '')
      .split('\n')
      .filter((line) => line.trim().startsWith('at '))
      .slice(0, 3);
    return `unhandled error${where ? ` in ${where}` : ''}: ${message}${continued(frames.map((frame) => `  ${frame.trim()}`))}`;
  });
}

/** Counts from a Playwright JSON report: a skipped test's reason is its skip annotation; `flaky` ones are named. */
function playwrightCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, missing: true };
  const { stats, suites, errors } = JSON.parse(readFileSync(file, 'utf8'));
  const skips = {};
  const flaky = [];
  const failures = [];
  const visit = (suite, path) => {
    const titles = suite.title && !suite.title.endsWith('.ts') ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const name = `[${test.projectName}] ${spec.file} › ${[...titles, spec.title].join(' › ')}`;
        if (test.status === 'flaky') flaky.push(`${name} (passed on retry ${test.results.length - 1})`);
        if (test.status === 'unexpected') {
          const { error } = test.results.at(-1) ?? {};
          const at = error?.location ? `${relative(root, error.location.file)}:${error.location.line}` : undefined;
          failures.push(`${name}${why(error?.message, at)}`);
        }
        if (test.status === 'skipped') {
          const reason = test.annotations.find((a) => a.type === 'skip' || a.type === 'fixme')?.description;
          skip(skips, reason ?? 'not run (an earlier test of its serial group failed, or no reason given)', 1, spec.file);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, titles);
  };
  for (const suite of suites) visit(suite, []);
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected + (errors?.length ?? 0),
    skipped: stats.skipped,
    skips,
    flaky,
    failures,
  };
}

/**
 * The PostgreSQL server the backend tests also run on (TEST_DATABASE_URL): undefined when it answers, else why not.
 * With CI=true a missing one is a failure, not half of the backend's tests quietly skipped.
 */
async function postgresMissing(url) {
  if (!url) return 'TEST_DATABASE_URL not set';
  const { Client } = createRequire(join(root, 'backend', 'package.json'))('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    return `TEST_DATABASE_URL (${url}) unreachable: ${error.message}`;
  } finally {
    await client.end().catch(() => {});
  }
}

const suites = [];
function timed(name, work) {
  const started = Date.now();
  const suite = { name, ...work() };
  suite.seconds = Math.round((Date.now() - started) / 1000);
  suite.load = loadavg()[0];
  suites.push(suite);
  return suite;
}

function vitest(name, workspace, env = {}) {
  const output = join(reports, `${name}.json`);
  return timed(name, () => {
    const runErrors = join(reports, `${name}-run-errors.json`);
    rmSync(runErrors, { force: true });
    const reporters = ['--reporter=default', '--reporter=json', `--reporter=${join(root, 'scripts', 'vitest-run-errors.mjs')}`];
    const status = run('npx', ['vitest', 'run', ...reporters, `--outputFile.json=${output}`], {
      cwd: join(root, workspace),
      env: { ...env, VITEST_RUN_ERRORS: runErrors },
    });
    const counts = vitestCounts(output);
    return { status, ...counts, failures: [...(counts.failures ?? []), ...runErrorsOf(runErrors)] };
  });
}

const inCI = ['true', '1'].includes(process.env.CI ?? '');

// The build comes first: the site's API tests render with the built frontend, the browser tests run it, and the tests
// that run the backend's commands as processes use its dist/ (backend/test/support/build.ts rebuilds only when stale).
// A build of the current sources (`npm start` may have made it) is used as it is.
const build = timed('build', () => {
  const status = appBuildIsCurrent() ? 0 : run('npm', ['run', 'build']);
  return { status, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0 };
});

vitest('rules', 'packages/rules');

const missing = await postgresMissing(process.env.TEST_DATABASE_URL);
const backend = vitest(
  'backend',
  'backend',
  // Without a database the PostgreSQL projects are left out (backend/vitest.config.mts); in CI, counted as a failure
  // here (backend/vitest.config.mts refuses to run without one unless told this run has already failed for it).
  missing ? { TEST_DATABASE_URL: '', POSTGRES_MISSING_COUNTED: inCI ? '1' : '' } : {},
);
if (missing) {
  // The PostgreSQL projects run the same files as the SQLite ones (test/e2e, test/hard): as many tests did not run.
  const sqliteOnly = backend.report?.testResults
    .filter((result) => /\/test\/(e2e|hard)\//.test(result.name))
    .reduce((sum, result) => sum + result.assertionResults.length, 0);
  backend.skips ??= {};
  if (inCI) backend.failed += 1;
  backend.skipped += sqliteOnly ?? 0;
  skip(
    backend.skips,
    `PostgreSQL: ${missing}: projects api-postgres and hard-postgres not run${inCI ? ' (a failure with CI=true)' : ''}`,
    sqliteOnly ?? 0,
  );
}

vitest('frontend', 'frontend');

if (existsSync(join(root, 'playwright.config.ts'))) {
  if (build.status === 0) {
    const output = join(reports, 'e2e.json');
    timed('e2e', () => {
      const status = run('npx', ['playwright', 'test', '--reporter=list,json'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: output } });
      return { status, ...playwrightCounts(output) };
    });
  } else {
    suites.push({
      name: 'e2e',
      status: 0,
      passed: 0,
      failed: 0,
      skipped: 0,
      skips: { 'not run: the build failed': { count: 0, where: new Set() } },
    });
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
console.log('\nSummary');
for (const suite of suites) {
  // A runner that failed without reporting a failed test (crash, config error) still counts as a failure.
  const suiteFailed = suite.failed || (suite.status !== 0 ? 1 : 0);
  const time = suite.seconds === undefined ? '' : ` in ${suite.seconds} s (load ${suite.load.toFixed(1)})`;
  console.log(
    `  ${suite.name.padEnd(9)} ${suite.passed} passed, ${suiteFailed} failed, ${suite.skipped} skipped${time}${suite.missing ? ' (no report: the runner did not finish)' : ''}`,
  );
  for (const [reason, { count, where }] of Object.entries(suite.skips ?? {})) {
    const files = [...where];
    const shown = files.length > 4 ? `${files.slice(0, 4).join(', ')} and ${files.length - 4} more` : files.join(', ');
    console.log(`            ${count ? `skipped ${count}: ` : ''}${reason}${shown ? ` (${shown})` : ''}`);
  }
  for (const name of suite.flaky ?? []) console.log(`            flaky: ${name}`);
  // Named again here, at the end of the output, where a reader of a long CI log looks first.
  for (const name of suite.failures ?? []) console.log(`            FAILED: ${name}`);
  if (suite.status && !suite.failures?.length)
    console.log(`            FAILED: the runner exited with ${suite.status}, naming no test (its output above says why)`);
  passed += suite.passed;
  failed += suiteFailed;
  skipped += suite.skipped;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);

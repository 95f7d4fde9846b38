import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// Nest needs decorator metadata, which esbuild drops: tests are compiled with SWC.
const plugins = [swc.vite({ module: { type: 'es6' } })];
const postgresUrl = process.env.TEST_DATABASE_URL;

// Without TEST_DATABASE_URL the PostgreSQL projects are left out: half of the API and hard tests. Fine on a laptop (with
// a warning, and a line in `npm test`'s summary); with CI=true it is a failure, unless npm test has counted it already
// and runs the SQLite half alone (POSTGRES_MISSING_COUNTED).
const onlyUnit = process.argv.some((arg, index) => arg === 'unit' && process.argv[index - 1] === '--project');
if (!postgresUrl && !onlyUnit) {
  if (['true', '1'].includes(process.env.CI ?? '') && !process.env.POSTGRES_MISSING_COUNTED) {
    throw new Error('CI: TEST_DATABASE_URL is not set, so the PostgreSQL API and hard tests cannot run. Set it (see .ci/run).');
  }
  console.warn('\nTEST_DATABASE_URL is not set: the PostgreSQL API and hard tests are SKIPPED (only SQLite runs).\n');
}

// The API and hard tests hash passwords at argon2id's lowest cost (test/support/argon2-test-cost.ts says why and what
// still runs at the recommended one).
const setupFiles = ['test/support/argon2-test-cost.ts'];

const apiProject = (name: string, env: Record<string, string>) => ({
  plugins,
  test: {
    name,
    include: ['test/e2e/**/*.e2e-spec.ts'],
    // Each file starts apps of its own and closes them, so files need no module registry of their own: sharing one per
    // worker saves importing Nest, TypeORM and every module again for each of the 47 files (half the CPU of the API
    // tests, measured: 34 s of user time against 16 s on ten files; docs/decisions/032).
    isolate: false,
    setupFiles,
    env: { NODE_ENV: 'test', ...env },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// `npm run test:hard`: the fuzzer (thousands of requests per driver); also part of the full run.
const hardProject = (name: string, env: Record<string, string>) => ({
  plugins,
  test: {
    name,
    include: ['test/hard/**/*.hard-spec.ts'],
    setupFiles,
    env: { NODE_ENV: 'test', ...env },
    testTimeout: 15 * 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    // Argon2 and sharp are CPU-heavy; two cores.
    maxWorkers: 2,
    projects: [
      { plugins, test: { name: 'unit', include: ['src/**/*.spec.ts'] } },
      apiProject('api', { DATABASE_URL: '' }),
      ...(postgresUrl ? [apiProject('api-postgres', { DATABASE_URL: postgresUrl })] : []),
      hardProject('hard', { DATABASE_URL: '' }),
      ...(postgresUrl ? [hardProject('hard-postgres', { DATABASE_URL: postgresUrl })] : []),
    ],
  },
});

import { writeFileSync } from 'node:fs';

/**
 * A vitest reporter that writes what made a run fail outside its tests (an unhandled rejection or exception, a
 * teardown's error) to the file VITEST_RUN_ERRORS names. Vitest's JSON report leaves these out: a run could end
 * "1 failed" with no test named, and CI's summary could not say what failed (scripts/test.mjs names them).
 */
export default class RunErrorsReporter {
  onTestRunEnd(_modules, unhandledErrors, reason) {
    const file = process.env.VITEST_RUN_ERRORS;
    if (!file) return;
    const errors = unhandledErrors.map((error) => ({
      message: `${error.name ?? 'Error'}: ${error.message ?? String(error)}`,
      stack: error.stack,
      file: error.VITEST_TEST_PATH,
      test: error.VITEST_TEST_NAME,
      after: error.VITEST_AFTER_ENV_TEARDOWN ? 'after the environment was torn down' : undefined,
    }));
    writeFileSync(file, JSON.stringify({ reason, errors }, null, 2));
  }
}

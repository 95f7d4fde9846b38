import 'dotenv/config';
// Before anything else loads: the server's heap limit, set when the process starts (config/server-heap.ts).
import './config/server-heap';
import 'reflect-metadata';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config/app-config';
import { describeBudget } from './config/memory-budget';
import { stopOnSignals } from './shutdown';

/** Start-up problems a user can fix (bad configuration, unreachable database) print one line, not a stack trace. */
function fail(message: string): never {
  console.error(`mudawwana: ${message}`);
  process.exit(1);
}

async function bootstrap(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const app = await createApp(config).catch((error: Error & { code?: string }) =>
    fail(`cannot open the ${config.database.type} database: ${error.message || error.code}`),
  );
  // Not Nest's enableShutdownHooks: it waits for every keep-alive connection to end (up to 65 s, app.ts).
  stopOnSignals(app);
  await app.listen(config.port).catch((error: Error) => fail(`cannot listen on port ${config.port}: ${error.message}`));
  console.log(describeBudget(config.memory));
  console.log(
    `Mudawwana is running on ${config.publicUrl ?? `http://localhost:${config.port}`} (${config.database.type} database; API docs at /api/docs)`,
  );
}

void bootstrap();

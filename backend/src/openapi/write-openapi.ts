import 'reflect-metadata';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createApp } from '../app';
import { loadConfig } from '../config/app-config';
import { buildOpenApiDocument } from './openapi';

/** Writes openapi.json from the app's decorators, without listening on a port (on a throwaway SQLite database). */
async function main(): Promise<void> {
  const output = resolve(process.argv[2] ?? 'openapi.json');
  const dataDir = mkdtempSync(join(tmpdir(), 'mudawwana-openapi-'));
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32) });
  const app = await createApp(config, { serveSite: false });
  await app.init();
  writeFileSync(output, `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`);
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`OpenAPI document written to ${output}`);
}

void main();

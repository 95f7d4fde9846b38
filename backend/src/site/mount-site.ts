import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';

const CLIENT_DIR = resolve(__dirname, '../../../frontend/dist/client');
const NOT_SITE = /^\/(api|uploads)(\/|$)/;

/**
 * Serves the built React app: hashed assets with a long cache, and index.html for every other GET outside
 * /api and /uploads, so client-side routes work on reload.
 */
export async function mountSite(app: NestExpressApplication, _config: AppConfig, _dataSource: DataSource): Promise<void> {
  const indexFile = join(CLIENT_DIR, 'index.html');
  if (!existsSync(indexFile)) return;
  app.use('/assets', express.static(join(CLIENT_DIR, 'assets'), { immutable: true, maxAge: '365d', index: false }));
  app.use(express.static(CLIENT_DIR, { index: false }));
  app.use((request: express.Request, response: express.Response, next: express.NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || NOT_SITE.test(request.path)) return next();
    response.sendFile(indexFile);
  });
}

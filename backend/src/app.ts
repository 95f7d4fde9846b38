import type { OpenApiPaths } from '@mudawwana/rules';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import express from 'express';
import type * as http from 'node:http';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { setUpSessions } from './auth/session';
import { SessionAuthenticator } from './auth/session-authenticator';
import { TypeormSessionStore } from './auth/typeorm-session.store';
import { bodyParserErrors } from './common/body-parser-errors.middleware';
import { rejectMalformedInput } from './common/malformed-input';
import { requestId } from './common/request-id.middleware';
import { sameOriginOnly } from './common/same-origin.middleware';
import { inlineScriptHashes, securityHeaders } from './common/security-headers.middleware';
import { AppConfig } from './config/app-config';
import { openDatabase } from './database/data-source';
import { FederationService } from './federation/federation.service';
import { InboxHandlers } from './federation/inbox-handlers';
import { mountFederation } from './federation/mount-federation';
import { PublicOrigin } from './common/public-origin';
import { serveShareImages } from './share-images/serve-share-images';
import { ShareImages } from './share-images/share-images.service';
import { ApiTokensService } from './tokens/api-tokens.service';
import { bearerToken } from './tokens/bearer-token.middleware';
import { buildOpenApiDocument } from './openapi/openapi';
import { mountSite } from './site/mount-site';
import { siteFilesOf } from './site/site-files';
import { frontendDirOf, readPageTemplate } from './site/static-assets';
import { serveUploads } from './upload/serve-uploads';
import { UPLOAD_STORAGE, UploadStorage } from './upload/storage';

export interface CreateAppOptions {
  /** Serve the built frontend (off for the OpenAPI writer and API tests). */
  serveSite?: boolean;
  /** An already open database (the OpenAPI writer passes none and gets a throwaway SQLite one). */
  dataSource?: DataSource;
}

/**
 * Node closes an idle keep-alive connection after 5 s. A client (a reverse proxy's upstream pool, a script's agent)
 * that sends its next request on that connection just as it closes gets ECONNRESET, so the server must be the side
 * that waits longer: past the 60 s idle timeout of nginx and the common load balancers. Headers must be allowed a
 * little longer still, or a slow request on a kept connection is cut by headersTimeout first.
 */
export const KEEP_ALIVE_MS = 65_000;

function keepIdleConnectionsOpen(server: http.Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}

/** Builds the whole application: database (migrated), API, sessions, Swagger UI, uploads and the site. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const dataSource = options.dataSource ?? (await openDatabase(config.database));
  // The site is served only once the frontend is built (`npm run build`).
  const site = options.serveSite === false ? undefined : siteFilesOf(config);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, dataSource, site), {
    logger: config.isTest ? ['error'] : ['warn', 'error'],
    bodyParser: false,
  });
  keepIdleConnectionsOpen(app.getHttpServer() as http.Server);
  if (config.trustProxy) app.set('trust proxy', 1);
  app.disable('x-powered-by');
  const template = options.serveSite === false ? undefined : readPageTemplate(frontendDirOf(config));
  const security = securityHeaders({
    https: config.publicUrl?.startsWith('https:') ?? false,
    scriptHashes: inlineScriptHashes(template ?? ''),
    imageOrigins: config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : [],
  });
  app.use(requestId, security);
  // ActivityPub (WebFinger, NodeInfo, /ap/…) before the body parsers: the inbox reads its signed body as it came.
  const publicOrigin = app.get(PublicOrigin);
  app.use(mountFederation(app.get(FederationService), app.get(InboxHandlers), () => publicOrigin.get()));
  app.use(express.json({ limit: '3mb' }), express.urlencoded({ extended: false, limit: '100kb' }), bodyParserErrors);
  app.use(rejectMalformedInput);
  app.use('/api', bearerToken(app.get(ApiTokensService)));
  // API answers are never kept by a shared cache (some are the signed-in author's); the public pages carry their own.
  app.use('/api', (_request: express.Request, response: express.Response, next: express.NextFunction) => {
    response.setHeader('Cache-Control', 'private, no-store');
    next();
  });
  app.use(sameOriginOnly(config.publicUrl));
  setUpSessions(app, config, app.get(TypeormSessionStore), app.get(SessionAuthenticator));
  app.use('/uploads', serveUploads(config, app.get<UploadStorage>(UPLOAD_STORAGE)));
  // Share images need no frontend build: served whether or not the site is.
  app.use('/og', serveShareImages(app.get(ShareImages)));
  app.setGlobalPrefix('api');

  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json', customSiteTitle: 'Mudawwana API' });

  if (site) mountSite(app, config, site, document.paths as OpenApiPaths, security);

  return app;
}

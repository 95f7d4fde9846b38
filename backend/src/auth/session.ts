import type { INestApplication } from '@nestjs/common';
import type { RequestHandler } from 'express';
import session from 'express-session';
import { AppConfig } from '../config/app-config';
import { SessionAuthenticator } from './session-authenticator';
import { TypeormSessionStore } from './typeorm-session.store';

export const SESSION_COOKIE = 'mudawwana.sid';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Server-side sessions in the database. The cookie is httpOnly and SameSite=Lax, Secure when the request
 * came over HTTPS (behind a proxy that says so, with TRUST_PROXY). Anonymous readers get no session at all,
 * and only the API reads sessions: public pages are the same for everyone and never touch the session store.
 * A request signed in with an API token (see bearerToken) neither reads nor creates a session.
 */
export function setUpSessions(
  app: INestApplication,
  config: AppConfig,
  store: TypeormSessionStore,
  authenticator: SessionAuthenticator,
): void {
  const unlessApiToken =
    (handler: RequestHandler): RequestHandler =>
    (request, response, next) =>
      request.apiToken ? next() : handler(request, response, next);
  app.use(
    '/api',
    unlessApiToken(
      session({
        name: SESSION_COOKIE,
        secret: config.sessionSecret,
        store,
        resave: false,
        saveUninitialized: false,
        rolling: true,
        proxy: config.trustProxy,
        cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_TTL_MS, path: '/' },
      }),
    ),
  );
  app.use('/api', authenticator.initialize(), unlessApiToken(authenticator.restoreSession()));
}

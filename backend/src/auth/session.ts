import type { INestApplication } from '@nestjs/common';
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
 */
export function setUpSessions(
  app: INestApplication,
  config: AppConfig,
  store: TypeormSessionStore,
  authenticator: SessionAuthenticator,
): void {
  app.use(
    '/api',
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
  );
  app.use('/api', ...authenticator.middleware());
}

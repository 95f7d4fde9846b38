import type { NextFunction, Request, Response } from 'express';
import { sendError } from './error-body';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery defence on top of SameSite=Lax cookies: a browser sends `Origin` with every
 * unsafe request, and one from another site is refused. Requests without `Origin` (curl, server-to-server)
 * carry no ambient browser credentials of another site and pass, and so do requests signed in with an API token
 * (bearerToken runs first): a browser never adds an Authorization header on its own, so a token is no ambient
 * credential another site could borrow.
 */
export function sameOriginOnly(publicUrl: string | undefined) {
  const configured = publicUrl ? new URL(publicUrl).origin : undefined;
  return (request: Request, response: Response, next: NextFunction) => {
    const origin = request.get('origin');
    if (!origin || !UNSAFE_METHODS.has(request.method) || request.apiToken) return next();
    const own = `${request.protocol}://${request.get('host')}`;
    if (origin === own || origin === configured) return next();
    sendError(response, 403, 'Cross-site request refused', { code: 'CROSS_SITE_REQUEST' });
  };
}

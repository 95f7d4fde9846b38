import type { Request, Response } from 'express';
import { SESSION_TTL_MS } from './session';

/**
 * A cookie the page's JavaScript may read (not HttpOnly, no secret in it): "this browser has signed in". It only
 * decides whether the page asks `/api/user`, so an anonymous reader never makes a request known to fail (401).
 * The session cookie stays the only proof of identity; a stale hint costs one 401, after which the page drops it.
 */
export const SIGNED_IN_HINT_COOKIE = 'mudawwana.signed-in';

export function setSignedInHint(request: Request, response: Response): void {
  response.cookie(SIGNED_IN_HINT_COOKIE, '1', { path: '/', sameSite: 'lax', secure: request.secure, maxAge: SESSION_TTL_MS });
}

export function clearSignedInHint(request: Request, response: Response): void {
  response.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/', sameSite: 'lax', secure: request.secure });
}

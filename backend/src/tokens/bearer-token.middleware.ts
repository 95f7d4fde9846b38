import type { NextFunction, Request, Response } from 'express';
import { ApiTokensService, InvalidTokenError } from './api-tokens.service';

const BEARER_SCHEME = /^bearer(\s|$)/i;
const BEARER_CREDENTIALS = /^bearer\s+(\S+)\s*$/i;

/**
 * `Authorization: Bearer <token>` on an API request signs it in as the token's owner for that request alone:
 * no session is read or created (the session middleware skips it), so nothing a browser keeps comes of it.
 * A bearer header that names no live token is a 401 even on public routes, so a script with a stale or revoked
 * token learns at once instead of quietly reading what anonymous readers see. Mounted on /api only: a page
 * request never looks at the header.
 */
export function bearerToken(tokens: ApiTokensService) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const header = request.get('authorization');
    if (!header || !BEARER_SCHEME.test(header)) return next();
    try {
      const credentials = BEARER_CREDENTIALS.exec(header)?.[1];
      if (!credentials) throw new InvalidTokenError('TOKEN_INVALID', 'The Authorization header must be "Bearer <token>"');
      const { user, tokenId } = await tokens.authenticate(credentials);
      request.user = user;
      request.apiToken = { id: tokenId };
      next();
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) return next(error);
      response.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      response.status(401).json(error.getResponse());
    }
  };
}

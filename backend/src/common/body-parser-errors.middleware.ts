import type { NextFunction, Request, Response } from 'express';
import { sendError } from './error-body';

/**
 * Errors of the body parsers (bad JSON, too large) happen before Nest's router, so its exception filter
 * never sees them; this answers them in the API's error shape instead of Express's HTML page.
 */
export function bodyParserErrors(error: unknown, _request: Request, response: Response, next: NextFunction): void {
  const { type, status } = (error ?? {}) as { type?: string; status?: number };
  if (!type || !status) return next(error);
  const message =
    type === 'entity.too.large'
      ? 'The request body is too large'
      : type === 'entity.parse.failed'
        ? 'The request body is not valid JSON'
        : 'The request body could not be read';
  sendError(response, status, message);
}

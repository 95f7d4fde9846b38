import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** Gives every request an id (or keeps the proxy's X-Request-Id) so a logged error can be matched to a response. */
export function requestId(request: Request & { id?: string }, response: Response, next: NextFunction): void {
  const incoming = request.get('x-request-id');
  request.id = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
  response.setHeader('X-Request-Id', request.id);
  next();
}

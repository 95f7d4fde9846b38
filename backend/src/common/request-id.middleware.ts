import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

/** The proxy's X-Request-Id when it is a plain token, else a new id. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
}

/**
 * Gives every request an id (or keeps the proxy's X-Request-Id) so a logged error can be matched to a response.
 * Every JSON error body (4xx/5xx), whoever writes it — the exception filter, a middleware, a route filter —
 * carries the id as `requestId`: stamped here, where every response passes, rather than in each writer.
 */
export function requestId(request: Request & { id?: string }, response: Response, next: NextFunction): void {
  const id = requestIdOf(request.get('x-request-id'));
  request.id = id;
  response.setHeader('X-Request-Id', id);
  const json = response.json.bind(response);
  response.json = (body?: unknown) => json(response.statusCode >= 400 && isPlainObject(body) ? { ...body, requestId: id } : body);
  next();
}

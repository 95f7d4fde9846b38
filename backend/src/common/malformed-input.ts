import type { NextFunction, Request, Response } from 'express';
import { errorBody } from './error-body';

/** Deeper than any body the API accepts (DTOs nest two levels); deep enough for any honest client. */
export const MAX_JSON_DEPTH = 32;

/** A UTF-16 surrogate that is not part of a pair: not text, and some validators (isEmail) throw on it. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Why a parsed request value cannot be accepted, or undefined when it is fine: nested deeper than
 * MAX_JSON_DEPTH (the validators recurse and would overflow the stack), or a string with a NUL byte
 * (PostgreSQL refuses them in text) or a lone surrogate. Walked with an explicit stack, never recursion.
 */
export function malformation(value: unknown, maxDepth = MAX_JSON_DEPTH): string | undefined {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop() as [unknown, number];
    if (typeof current === 'string') {
      if (current.includes('\0')) return 'a text value contains a NUL character';
      if (LONE_SURROGATE.test(current)) return 'a text value contains an unpaired surrogate';
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= maxDepth) return `the JSON is nested deeper than ${maxDepth} levels`;
    for (const [key, child] of Object.entries(current)) pending.push([key, depth + 1], [child, depth + 1]);
  }
  return undefined;
}

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path; // not percent-decodable: the router answers it as an unknown path
  }
}

/** What is wrong with a request's path and parsed query (see malformation), if anything. */
export function malformedAddress(path: string, query: unknown): string | undefined {
  return malformation(decoded(path)) ?? malformation(query);
}

/**
 * Refuses, with a 400 in the API's error shape, any request whose path, query or JSON body holds a value no
 * field can take (see malformation). One check at the door instead of one per DTO and route parameter.
 */
export function rejectMalformedInput(request: Request, response: Response, next: NextFunction): void {
  const problem = malformedAddress(request.path, request.query) ?? malformation(request.body);
  if (!problem) return next();
  response.status(400).json(errorBody(400, `The request is not valid: ${problem}`, { code: 'MALFORMED_INPUT' }));
}

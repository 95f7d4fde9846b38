import { HttpException, HttpStatus } from '@nestjs/common';
import type { Response } from 'express';
import type { ErrorCode } from './error-codes';

/** The one shape of every error answer (ErrorDto in the OpenAPI document, without the requestId added on the way out). */
export interface ErrorBody {
  statusCode: number;
  message: string | string[];
  error: string;
  code?: ErrorCode;
  /** Seconds until a rate-limited or busy client may try again (429, 503). */
  retryAfter?: number;
  /** With a 409 VERSION_CONFLICT: the record as it is now. */
  current?: object;
}

/** 'Not Found' for 404, 'Payload Too Large' for 413: the names Nest gives its own errors (HttpStatus[404] is 'NOT_FOUND'). */
export function statusName(status: number): string {
  const name = HttpStatus[status] as string | undefined;
  return name
    ? name
        .split('_')
        .map((word) => word[0] + word.slice(1).toLowerCase())
        .join(' ')
    : 'Error';
}

/** An error answer's body: written here only, whether Nest, a filter or an Express middleware sends it. */
export function errorBody(
  status: number,
  message: string | string[],
  extra: Pick<ErrorBody, 'code' | 'retryAfter' | 'current'> = {},
): ErrorBody {
  return {
    statusCode: status,
    message,
    error: statusName(status),
    ...(extra.code ? { code: extra.code } : {}),
    ...(typeof extra.retryAfter === 'number' ? { retryAfter: extra.retryAfter } : {}),
    ...(extra.current ? { current: extra.current } : {}),
  };
}

/** An HttpException whose body is `errorBody(…)`: what the exception filter sends as it is. */
export function httpError(status: number, message: string, extra: Pick<ErrorBody, 'code' | 'retryAfter' | 'current'> = {}): HttpException {
  return new HttpException(errorBody(status, message, extra), status);
}

/** For Express middleware, which answers before Nest's exception filter could. */
export function sendError(response: Response, status: number, message: string, extra: Pick<ErrorBody, 'code'> = {}): void {
  response.status(status).json(errorBody(status, message, extra));
}

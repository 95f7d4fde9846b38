import { HttpException, HttpStatus } from '@nestjs/common';
import { errorBody } from './error-body';
import type { ErrorCode } from './error-codes';

/**
 * A typed domain error: a stable string code that clients can branch on, an HTTP status, and a
 * human-readable message. The exception filter renders it as `{ statusCode, message, error, code }`.
 */
export class DomainError extends HttpException {
  constructor(
    readonly code: ErrorCode,
    message: string,
    status: HttpStatus,
  ) {
    super(errorBody(status, message, { code }), status);
  }
}

export const conflict = (code: ErrorCode, message: string) => new DomainError(code, message, HttpStatus.CONFLICT);
export const notFound = (code: ErrorCode, message: string) => new DomainError(code, message, HttpStatus.NOT_FOUND);
export const badRequest = (code: ErrorCode, message: string) => new DomainError(code, message, HttpStatus.BAD_REQUEST);
export const forbidden = (code: ErrorCode, message: string) => new DomainError(code, message, HttpStatus.FORBIDDEN);

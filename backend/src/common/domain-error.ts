import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * A typed domain error: a stable string code that clients can branch on, an HTTP status, and a
 * human-readable message. The exception filter renders it as `{ statusCode, message, error, code }`.
 */
export class DomainError extends HttpException {
  constructor(
    readonly code: string,
    message: string,
    status: HttpStatus,
  ) {
    super({ statusCode: status, message, error: HttpStatus[status] ?? 'Error', code }, status);
  }
}

export const conflict = (code: string, message: string) => new DomainError(code, message, HttpStatus.CONFLICT);
export const notFound = (code: string, message: string) => new DomainError(code, message, HttpStatus.NOT_FOUND);
export const badRequest = (code: string, message: string) => new DomainError(code, message, HttpStatus.BAD_REQUEST);
export const forbidden = (code: string, message: string) => new DomainError(code, message, HttpStatus.FORBIDDEN);

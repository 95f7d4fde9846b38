import { HttpException, HttpStatus } from '@nestjs/common';

/** 'Not Found' for 404, like the errors Nest raises itself (HttpStatus[404] is 'NOT_FOUND'). */
function statusName(status: HttpStatus): string {
  const name = HttpStatus[status];
  return name
    ? name
        .split('_')
        .map((word) => word[0] + word.slice(1).toLowerCase())
        .join(' ')
    : 'Error';
}

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
    super({ statusCode: status, message, error: statusName(status), code }, status);
  }
}

export const conflict = (code: string, message: string) => new DomainError(code, message, HttpStatus.CONFLICT);
export const notFound = (code: string, message: string) => new DomainError(code, message, HttpStatus.NOT_FOUND);
export const badRequest = (code: string, message: string) => new DomainError(code, message, HttpStatus.BAD_REQUEST);
export const forbidden = (code: string, message: string) => new DomainError(code, message, HttpStatus.FORBIDDEN);

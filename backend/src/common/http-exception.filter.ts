import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, isStorageFull, isUniqueViolation, STORAGE_FULL } from './database-errors';
import { errorBody, statusName, type ErrorBody } from './error-body';
import { entityTag } from './versions';
import { redactUrl } from './redact-url';

/** Errors raised by Express middleware before Nest (body parser): they carry their own 4xx status. */
function middlewareStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/**
 * Every error leaves as `{ statusCode, message, error, code? }`. Client mistakes keep their 4xx status and
 * message; anything unexpected is logged with the request id and answered with a bare 500 that leaks nothing.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const request = context.getRequest<Request & { id?: string }>();
    const response = context.getResponse<Response>();
    const body = this.toBody(exception, request);
    if (response.headersSent) return;
    if (body.retryAfter !== undefined) response.setHeader('Retry-After', String(body.retryAfter));
    // A 409 or 412 carries the record as it is now: its ETag lets the client save over it on purpose (If-Match).
    if (body.current) response.setHeader('ETag', entityTag(body.current));
    response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown, request: Request & { id?: string }): ErrorBody {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const payload = exception.getResponse();
      if (typeof payload === 'string') return errorBody(status, payload);
      // Nest's own exceptions (and class-validator's list of messages) carry their status name as `error`.
      const { message, error, code, retryAfter, current } = payload as Partial<ErrorBody>;
      return { ...errorBody(status, message ?? exception.message, { code, retryAfter, current }), ...(error ? { error } : {}) };
    }
    if (isUniqueViolation(exception)) return errorBody(HttpStatus.CONFLICT, 'This value is already taken', { code: 'UNIQUE_VIOLATION' });
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(
        `${request.method} ${redactUrl(request.originalUrl)} [request ${request.id ?? '-'}]: database unavailable (${(exception as Error).message})`,
      );
      return { ...DATABASE_UNAVAILABLE };
    }
    if (isStorageFull(exception)) {
      this.logger.error(`${request.method} ${request.originalUrl} [request ${request.id ?? '-'}]: the database's disk is full`);
      return { ...STORAGE_FULL };
    }
    const status = middlewareStatus(exception);
    if (status) {
      // Never the error's own message: express.static's 404 is "ENOENT: …, stat '/path/on/the/server'".
      return errorBody(status, status === 400 ? 'The request body is not valid JSON' : statusName(status));
    }
    this.logger.error(
      `${request.method} ${redactUrl(request.originalUrl)} [request ${request.id ?? '-'}]`,
      (exception as Error)?.stack ?? String(exception),
    );
    return errorBody(HttpStatus.INTERNAL_SERVER_ERROR, 'Internal server error');
  }
}

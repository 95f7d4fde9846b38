import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, isUniqueViolation } from './database-errors';

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

interface ErrorBody {
  statusCode: number;
  message: string | string[];
  error: string;
  code?: string;
  /** Seconds until a rate-limited client may try again (429). */
  retryAfter?: number;
  /** With a 409 VERSION_CONFLICT: the record as it is now. */
  current?: object;
}

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
    response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown, request: Request & { id?: string }): ErrorBody {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const payload = exception.getResponse();
      if (typeof payload === 'string') return { statusCode: status, message: payload, error: STATUS_NAMES[status] ?? 'Error' };
      const { message, error, code, retryAfter, current } = payload as Partial<ErrorBody>;
      return {
        statusCode: status,
        message: message ?? exception.message,
        error: error ?? STATUS_NAMES[status] ?? 'Error',
        ...(code ? { code } : {}),
        ...(typeof retryAfter === 'number' ? { retryAfter } : {}),
        ...(current ? { current } : {}),
      };
    }
    if (isUniqueViolation(exception)) {
      return { statusCode: HttpStatus.CONFLICT, message: 'This value is already taken', error: 'Conflict', code: 'UNIQUE_VIOLATION' };
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(
        `${request.method} ${request.originalUrl} [request ${request.id ?? '-'}]: database unavailable (${(exception as Error).message})`,
      );
      return { ...DATABASE_UNAVAILABLE };
    }
    const status = middlewareStatus(exception);
    if (status) {
      // Never the error's own message: express.static's 404 is "ENOENT: …, stat '/path/on/the/server'".
      const message = status === 400 ? 'The request body is not valid JSON' : (STATUS_NAMES[status] ?? 'Error');
      return { statusCode: status, message, error: STATUS_NAMES[status] ?? 'Error' };
    }
    this.logger.error(
      `${request.method} ${request.originalUrl} [request ${request.id ?? '-'}]`,
      (exception as Error)?.stack ?? String(exception),
    );
    return { statusCode: 500, message: 'Internal server error', error: 'Internal Server Error' };
  }
}

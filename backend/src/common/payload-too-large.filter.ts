import { ArgumentsHost, Catch, ExceptionFilter, HttpStatus, PayloadTooLargeException, Type } from '@nestjs/common';
import type { Response } from 'express';
import type { ErrorCode } from './error-codes';
import { sendError } from './error-body';

/** Multer's own "File too large" as the API's 413 with a message that says the limit, and the route's code. */
export function payloadTooLarge(message: string, code: ErrorCode): Type<ExceptionFilter> {
  @Catch(PayloadTooLargeException)
  class PayloadTooLargeFilter implements ExceptionFilter {
    catch(_exception: PayloadTooLargeException, host: ArgumentsHost): void {
      sendError(host.switchToHttp().getResponse<Response>(), HttpStatus.PAYLOAD_TOO_LARGE, message, { code });
    }
  }
  return PayloadTooLargeFilter;
}

import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorDto } from './dto';
import { ErrorCode } from './error-codes';

interface ErrorResponseDoc {
  description: string;
  /** A typical answer with this status, shown by Swagger UI (rather than the ErrorDto example, which is one status). */
  error: string;
  code: ErrorCode;
  message: string;
}

const RESPONSES: Record<number, ErrorResponseDoc> = {
  400: {
    description: 'Invalid input',
    error: 'Bad Request',
    code: 'INVALID_ID',
    message: 'The id must be a whole number from 1 to 2147483647',
  },
  401: {
    description: 'Not signed in, or the API token is unknown, revoked or expired',
    error: 'Unauthorized',
    code: 'NOT_SIGNED_IN',
    message: 'Not signed in',
  },
  403: {
    description: 'Not allowed',
    error: 'Forbidden',
    code: 'SESSION_REQUIRED',
    message: 'This needs a signed-in session; an API token cannot do it',
  },
  404: { description: 'Not found', error: 'Not Found', code: 'POST_NOT_FOUND', message: 'Post not found' },
  409: {
    description: 'Conflicts with an existing record',
    error: 'Conflict',
    code: 'POST_SLUG_TAKEN',
    message: 'The slug "مدخل-إلى-react-hooks" is already used by another post',
  },
  413: { description: 'Too large', error: 'Payload Too Large', code: 'IMAGE_TOO_LARGE', message: 'The image is larger than 5 MB' },
  429: {
    description: 'Too many attempts',
    error: 'Too Many Requests',
    code: 'RATE_LIMITED',
    message: 'Too many failed sign-in attempts; try again later',
  },
  503: {
    description: 'A store the request needs is down or unreachable; try again after `retryAfter` seconds (also in Retry-After)',
    error: 'Service Unavailable',
    code: 'STORAGE_UNAVAILABLE',
    message: 'The image storage cannot be reached; try again shortly',
  },
};

const REQUEST_ID = '0b6f8c2e-4d1a-4c3e-9a57-2f0e6d8b1c44';

/** Documents the error responses a route can give, all in the one error shape, each with a typical example. */
export const ApiErrors = (...statuses: number[]) =>
  applyDecorators(
    ...statuses.map((status) => {
      const { description, error, code, message } = RESPONSES[status];
      return ApiResponse({
        status,
        description,
        type: ErrorDto,
        example: { statusCode: status, message, error, code, requestId: REQUEST_ID },
      });
    }),
  );

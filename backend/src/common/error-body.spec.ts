import { describe, expect, it } from 'vitest';
import { errorBody, statusName } from './error-body';

describe('error bodies', () => {
  it('names each status the way Nest does', () => {
    expect([400, 401, 403, 404, 409, 413, 429, 500, 503].map(statusName)).toEqual([
      'Bad Request',
      'Unauthorized',
      'Forbidden',
      'Not Found',
      'Conflict',
      'Payload Too Large',
      'Too Many Requests',
      'Internal Server Error',
      'Service Unavailable',
    ]);
    expect(statusName(599)).toBe('Error');
  });

  it('writes the one shape, with the code and extras only when given', () => {
    expect(errorBody(404, 'Post not found', { code: 'POST_NOT_FOUND' })).toEqual({
      statusCode: 404,
      message: 'Post not found',
      error: 'Not Found',
      code: 'POST_NOT_FOUND',
    });
    expect(errorBody(400, 'Invalid query')).toEqual({ statusCode: 400, message: 'Invalid query', error: 'Bad Request' });
    expect(errorBody(429, 'Too many', { code: 'RATE_LIMITED', retryAfter: 0 })).toMatchObject({ retryAfter: 0 });
  });
});

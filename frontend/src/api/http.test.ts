import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from './http';

describe('the error reader', () => {
  const slugTaken = new ApiError(
    409,
    { statusCode: 409, message: 'The slug is taken', error: 'Conflict', code: 'POST_SLUG_TAKEN' },
    'Conflict',
  );

  it("prefers the server's message, then the fallback, then the error's own text", () => {
    expect(errorMessage(slugTaken, 'fallback')).toBe('The slug is taken');
    expect(errorMessage(new ApiError(502, '', 'Bad Gateway'), 'fallback')).toBe('fallback');
    expect(errorMessage(new ApiError(502, '', 'Bad Gateway'))).toBe('502: Bad Gateway');
    expect(errorMessage(new ApiError(400, { message: ['a', 'b'] }, 'Bad Request'))).toBe('a، b');
    expect(errorMessage('not an error')).toBeUndefined();
  });

  it('reads the code only when it is one of the API’s error codes', () => {
    expect(slugTaken.code).toBe('POST_SLUG_TAKEN');
    expect(new ApiError(400, { code: 'SOMETHING_ELSE' }, 'Bad Request').code).toBeUndefined();
  });
});

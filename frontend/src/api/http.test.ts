import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from './http';

describe('the error reader', () => {
  const slugTaken = new ApiError(
    409,
    { statusCode: 409, message: 'The slug is taken', error: 'Conflict', code: 'POST_SLUG_TAKEN' },
    'Conflict',
  );

  it("says the code's Arabic sentence, else the server's message, then the fallback, then the error's own text", () => {
    expect(errorMessage(slugTaken, 'fallback')).toBe('رابط المقالة مستخدم في مقالة أخرى');
    expect(errorMessage(new ApiError(409, { message: 'The slug is taken' }, 'Conflict'), 'fallback')).toBe('The slug is taken');
    expect(errorMessage(new ApiError(502, '', 'Bad Gateway'), 'fallback')).toBe('fallback');
    expect(errorMessage(new ApiError(502, '', 'Bad Gateway'))).toBe('502: Bad Gateway');
    expect(errorMessage(new ApiError(400, { message: ['a', 'b'] }, 'Bad Request'))).toBe('a، b');
    expect(errorMessage('not an error')).toBeUndefined();
  });

  it('says how long to wait, in Arabic words that agree with the number', () => {
    const limited = (retryAfter: number) =>
      new ApiError(429, { message: 'Too many', code: 'RATE_LIMITED', retryAfter }, 'Too Many Requests');
    expect(errorMessage(limited(2))).toBe('محاولات كثيرة: أعد المحاولة بعد ثانيتين');
    expect(errorMessage(limited(5))).toBe('محاولات كثيرة: أعد المحاولة بعد 5 ثوانٍ');
    expect(errorMessage(limited(30))).toBe('محاولات كثيرة: أعد المحاولة بعد 30 ثانية');
    expect(errorMessage(limited(900))).toBe('محاولات كثيرة: أعد المحاولة بعد 15 دقيقة');
  });

  it('reads the code only when it is one of the API’s error codes', () => {
    expect(slugTaken.code).toBe('POST_SLUG_TAKEN');
    expect(new ApiError(400, { code: 'SOMETHING_ELSE' }, 'Bad Request').code).toBeUndefined();
  });
});

import { HttpException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from './attempt-limiter';

const T0 = 1_000_000;

function refusal(run: () => void): HttpException {
  try {
    run();
  } catch (error) {
    return error as HttpException;
  }
  throw new Error('expected a refusal');
}

describe('AttemptLimiter', () => {
  it('allows attempts until the limit is reached, then refuses with 429', () => {
    const limiter = new AttemptLimiter(3, 60_000, 'slow down');
    for (let i = 0; i < 3; i += 1) {
      expect(() => limiter.assertAllowed(['ip:1'], T0)).not.toThrow();
      limiter.record(['ip:1'], T0);
    }
    const error = refusal(() => limiter.assertAllowed(['ip:1'], T0 + 1000));
    expect(error.getStatus()).toBe(429);
    expect(error.getResponse()).toMatchObject({ statusCode: 429, message: 'slow down', code: 'RATE_LIMITED', retryAfter: 59 });
  });

  it('counts each key on its own', () => {
    const limiter = new AttemptLimiter(1, 60_000, 'no');
    limiter.record(['account:a'], T0);
    expect(() => limiter.assertAllowed(['account:a'], T0)).toThrow(HttpException);
    expect(() => limiter.assertAllowed(['account:b'], T0)).not.toThrow();
  });

  it('refuses when any of several keys is used up', () => {
    const limiter = new AttemptLimiter(1, 60_000, 'no');
    limiter.record(['ip:1'], T0);
    expect(() => limiter.assertAllowed(['account:x', 'ip:1'], T0)).toThrow(HttpException);
  });

  it('allows again once the window has passed, with a fresh count', () => {
    const limiter = new AttemptLimiter(2, 60_000, 'no');
    limiter.record(['k'], T0);
    limiter.record(['k'], T0);
    expect(() => limiter.assertAllowed(['k'], T0 + 59_999)).toThrow(HttpException);
    expect(() => limiter.assertAllowed(['k'], T0 + 60_000)).not.toThrow();
    limiter.record(['k'], T0 + 60_000);
    expect(() => limiter.assertAllowed(['k'], T0 + 60_001)).not.toThrow();
  });

  it('forgets a key on reset (a successful sign-in)', () => {
    const limiter = new AttemptLimiter(1, 60_000, 'no');
    limiter.record(['k'], T0);
    limiter.reset(['k']);
    expect(() => limiter.assertAllowed(['k'], T0)).not.toThrow();
  });
});

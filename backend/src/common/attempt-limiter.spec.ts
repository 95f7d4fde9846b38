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
  it('allows attempts until the limit is reached, then refuses with 429 and the seconds to wait', () => {
    const limiter = new AttemptLimiter(3, 60_000, 'slow down');
    for (let i = 0; i < 3; i += 1) expect(() => limiter.consume(['ip:1'], T0)).not.toThrow();
    const error = refusal(() => limiter.consume(['ip:1'], T0 + 1000));
    expect(error.getStatus()).toBe(429);
    expect(error.getResponse()).toMatchObject({ statusCode: 429, message: 'slow down', code: 'RATE_LIMITED', retryAfter: 59 });
  });

  it('counts each key on its own', () => {
    const limiter = new AttemptLimiter(1, 60_000, 'no');
    limiter.consume(['account:a'], T0);
    expect(() => limiter.consume(['account:a'], T0)).toThrow(HttpException);
    expect(() => limiter.consume(['account:b'], T0)).not.toThrow();
  });

  it('refuses when any of several keys is used up, and then counts none of them', () => {
    const limiter = new AttemptLimiter(1, 60_000, 'no');
    limiter.consume(['ip:1'], T0);
    expect(() => limiter.consume(['account:x', 'ip:1'], T0)).toThrow(HttpException);
    expect(() => limiter.consume(['account:x'], T0)).not.toThrow();
  });

  it('allows again once the window has passed, with a fresh count', () => {
    const limiter = new AttemptLimiter(2, 60_000, 'no');
    limiter.consume(['k'], T0);
    limiter.consume(['k'], T0);
    expect(() => limiter.consume(['k'], T0 + 59_999)).toThrow(HttpException);
    expect(() => limiter.consume(['k'], T0 + 60_000)).not.toThrow();
    expect(() => limiter.consume(['k'], T0 + 60_001)).not.toThrow();
  });

  it('gives an attempt back on refund, and forgets a key on reset', () => {
    const limiter = new AttemptLimiter(1, 60_000, 'no');
    limiter.consume(['k', 'j'], T0);
    limiter.refund(['k']);
    expect(() => limiter.consume(['k'], T0)).not.toThrow();
    limiter.reset(['j']);
    expect(() => limiter.consume(['j'], T0)).not.toThrow();
  });

  it('a burst started at once is cut at the limit (the check and the count are one step)', async () => {
    const limiter = new AttemptLimiter(30, 60_000, 'no');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, async () => {
        limiter.consume(['ip:1']);
        await new Promise((resolve) => setTimeout(resolve, 5)); // the slow password check
      }),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(30);
  });

  it('holds at most its cap of keys after far more distinct names than the cap', () => {
    const limiter = new AttemptLimiter(10, 60_000, 'no', { maxKeys: 1000 });
    for (let i = 0; i < 100_000; i += 1) limiter.consume([`unknown:name-${i}`], T0);
    expect(limiter.size).toBe(1000);
  });

  it('keeps a key that keeps being tried (a blocked guesser stays blocked) while new keys push out the rest', () => {
    const limiter = new AttemptLimiter(1, 60_000, 'no', { maxKeys: 100 });
    limiter.consume(['ip:guesser'], T0);
    for (let i = 0; i < 10_000; i += 1) {
      limiter.consume([`unknown:name-${i}`], T0);
      expect(() => limiter.consume(['ip:guesser'], T0)).toThrow(HttpException);
    }
    expect(limiter.size).toBe(100);
  });

  it('a refused attempt adds no key', () => {
    const limiter = new AttemptLimiter(1, 60_000, 'no');
    limiter.consume(['ip:1'], T0);
    expect(() => limiter.consume(['ip:1', 'unknown:someone'], T0)).toThrow(HttpException);
    expect(limiter.size).toBe(1);
  });
});

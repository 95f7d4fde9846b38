import { HttpException, HttpStatus } from '@nestjs/common';

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Counts attempts per key (an IP address, an account) in a fixed time window and refuses with 429 once the
 * limit is reached. In memory: each instance counts its own attempts, which still bounds guessing per instance.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly message: string,
  ) {}

  /** Throws 429 when any of the keys has used up its attempts. */
  assertAllowed(keys: string[], now = Date.now()): void {
    for (const key of keys) {
      const window = this.windows.get(key);
      if (window && window.resetAt > now && window.count >= this.limit) {
        const retryAfter = Math.ceil((window.resetAt - now) / 1000);
        throw new HttpException(
          { statusCode: 429, message: this.message, error: 'Too Many Requests', code: 'RATE_LIMITED', retryAfter },
          HttpStatus.TOO_MANY_REQUESTS,
        );
      }
    }
  }

  record(keys: string[], now = Date.now()): void {
    for (const key of keys) {
      const window = this.windows.get(key);
      if (!window || window.resetAt <= now) this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      else window.count += 1;
    }
    if (this.windows.size > 10_000) this.forgetExpired(now);
  }

  reset(keys: string[]): void {
    for (const key of keys) this.windows.delete(key);
  }

  private forgetExpired(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

import { HttpStatus } from '@nestjs/common';
import { httpError } from './error-body';

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Counts attempts per key (an IP address, an account) in a fixed time window and refuses with 429 once the
 * limit is reached. In memory: each instance counts its own attempts, which still bounds guessing per instance.
 *
 * An attempt is counted when it starts (consume), not when its outcome is known: checking and counting happen
 * in one synchronous step, so a burst of parallel requests cannot all pass the check before any is counted.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly message: string,
  ) {}

  /** Counts one attempt against every key, or throws 429 (counting nothing) when any of them is used up. */
  consume(keys: string[], now = Date.now()): void {
    for (const key of keys) {
      const window = this.windows.get(key);
      if (window && window.resetAt > now && window.count >= this.limit) {
        const retryAfter = Math.ceil((window.resetAt - now) / 1000);
        throw httpError(HttpStatus.TOO_MANY_REQUESTS, this.message, { code: 'RATE_LIMITED', retryAfter });
      }
    }
    for (const key of keys) {
      const window = this.windows.get(key);
      if (!window || window.resetAt <= now) this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      else window.count += 1;
    }
    if (this.windows.size > 10_000) this.forgetExpired(now);
  }

  /** Gives back an attempt that turned out not to count (a successful sign-in). */
  refund(keys: string[]): void {
    for (const key of keys) {
      const window = this.windows.get(key);
      if (window && window.count > 0) window.count -= 1;
    }
  }

  reset(keys: string[]): void {
    for (const key of keys) this.windows.delete(key);
  }

  private forgetExpired(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

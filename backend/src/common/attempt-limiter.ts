import { HttpStatus } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { httpError } from './error-body';

interface Window {
  count: number;
  resetAt: number;
}

/** Keys a limiter keeps at most, unless told otherwise: a few MB, whatever the number of names or addresses tried. */
const DEFAULT_MAX_KEYS = 10_000;

/**
 * Counts attempts per key (an IP address, an account) in a fixed time window and refuses with 429 once the
 * limit is reached. In memory: each instance counts its own attempts, which still bounds guessing per instance.
 *
 * An attempt is counted when it starts (consume), not when its outcome is known: checking and counting happen
 * in one synchronous step, so a burst of parallel requests cannot all pass the check before any is counted.
 *
 * Memory is bounded by design: the windows live in an LRU cache of at most `maxKeys` entries that expire with their
 * window, so distinct keys (names, addresses) beyond the cap push out the least recently used, never grow the heap.
 * A key that keeps being tried (a blocked guesser) stays recent, and so stays blocked; a refusal adds no key.
 */
export class AttemptLimiter {
  private readonly windows: LRUCache<string, Window>;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly message: string,
    { maxKeys = DEFAULT_MAX_KEYS }: { maxKeys?: number } = {},
  ) {
    this.windows = new LRUCache({ max: maxKeys, ttl: windowMs });
  }

  /** How many keys it holds now (never more than `maxKeys`). */
  get size(): number {
    return this.windows.size;
  }

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
}

import { Logger } from '@nestjs/common';
import type { UploadStorage } from './storage';

/** The first retry a second after the failure, then twice as long each time, at most a minute apart, for about an hour. */
const FIRST_RETRY_MS = 1000;
const LONGEST_RETRY_MS = 60_000;
const GIVE_UP_AFTER_MS = 60 * 60_000;

/**
 * The objects of an upload that failed half-way (the store went down between two of its files): nobody has their
 * URL, so they are deleted, now if the store answers, otherwise again and again with backoff until it is back. What is
 * still there after an hour (or when the server stops) is named in the log, for an operator to remove.
 */
export class AbandonedUploads {
  private readonly logger = new Logger('Upload');
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly storage: UploadStorage) {}

  /** Deletes these keys (any of them may be missing), retrying in the background while the store is unreachable. */
  remove(keys: readonly string[]): void {
    void this.attempt(keys, Date.now(), FIRST_RETRY_MS);
  }

  /** Stops retrying (the server is stopping), naming what was left. */
  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    if (this.timers.size) this.logger.warn(`stopping with ${this.timers.size} abandoned upload(s) not yet deleted from the storage`);
    this.timers.clear();
  }

  private async attempt(keys: readonly string[], since: number, delayMs: number): Promise<void> {
    const results = await Promise.allSettled(keys.map((key) => this.storage.delete(key)));
    const left = keys.filter((_, index) => results[index].status === 'rejected');
    if (left.length === 0) return;
    if (Date.now() - since > GIVE_UP_AFTER_MS) {
      this.logger.error(`could not delete the objects of a failed upload from ${this.storage.description}: ${left.join(', ')}`);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(left, since, Math.min(delayMs * 2, LONGEST_RETRY_MS));
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }
}

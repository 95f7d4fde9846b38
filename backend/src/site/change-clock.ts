import { Injectable } from '@nestjs/common';

/**
 * How long after a change made on another instance pages read from the database are served without being kept in
 * memory: its NOTIFY may arrive before it has marked the store.
 */
export const SETTLE_MS = 2_000;

/**
 * What the page store's providers share about changes, and the one rule they read it by: whether what was read from
 * the store (or the database) is sure to be current, so it may be kept in memory. A page read while a change
 * happened may be the version the change replaces; so may one read while this instance is still marking a change's
 * pages stale in the store, or shortly after another instance made one (its NOTIFY may come before it has marked
 * the store). Readers take a `mark()` before they read and ask `readCurrent(mark)` afterwards.
 */
@Injectable()
export class ChangeClock {
  /**
   * Counts changes seen (local or remote): a render that saw one happen keeps its page marked stale, and a page read
   * while one happened is not kept in memory.
   */
  private changes = 0;
  /** Local changes whose pages are being marked stale in the store: until then, what it holds may predate them. */
  private marking = 0;
  /** Until then, pages read from the database are not kept in memory: another instance may still be marking them stale. */
  private settleUntil = 0;
  /** Until then, stale pages are left to the instance that made the change (it rebuilds them at once). */
  private remoteChangeUntil = 0;

  /** Where the clock is now: to compare with after a read. */
  mark(): number {
    return this.changes;
  }

  /** A change was seen (made here, on another instance, or behind the app's back). */
  tick(): void {
    this.changes += 1;
  }

  /** Whether a change was seen since `mark`. */
  changedSince(mark: number): boolean {
    return this.changes !== mark;
  }

  /** Whether what was read since `mark` is sure to be current (so it may be kept in memory). */
  readCurrent(mark: number): boolean {
    return this.changes === mark && this.marking === 0 && Date.now() >= this.settleUntil;
  }

  /** A change made on another instance: its NOTIFY may come before that instance has marked the store. */
  remoteChange(): void {
    this.settleUntil = Date.now() + SETTLE_MS;
    this.remoteChangeUntil = this.settleUntil;
  }

  /** Whether stale pages are left to the instance that made a change (it rebuilds them at once). */
  leftToAnotherInstance(): boolean {
    return Date.now() < this.remoteChangeUntil;
  }

  /** Runs `work`, the marking of a local change's pages stale in the store: nothing read meanwhile is current. */
  async whileMarking<T>(work: () => Promise<T>): Promise<T> {
    this.marking += 1;
    try {
      return await work();
    } finally {
      this.marking -= 1;
    }
  }
}

/**
 * Starts tasks one per turn of the event loop, in order. On SQLite a read runs synchronously from its start until it
 * answers (better-sqlite3's queries, and the awaits between them, which resolve at once), so reads started in one
 * turn hold the serving thread for all of them together: the reads a page's render asks for at once held it 70-170
 * ms at 100,000 posts (issue 23). Started one per turn, requests and timers that came meanwhile get their turn
 * between them. A task is started, not waited for: on PostgreSQL the reads still run side by side.
 */
export class OnePerTurn {
  private readonly waiting: (() => void)[] = [];

  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // A task that throws at once rejects its promise instead of stopping the tasks after it.
      this.waiting.push(() => void Promise.resolve().then(task).then(resolve, reject));
      if (this.waiting.length === 1) setImmediate(this.startNext);
    });
  }

  /**
   * Starts the first waiting task; the next one waits for an immediate queued after it, so it runs in the next
   * turn, after the I/O and timers that came meanwhile (immediates queued from a running immediate wait a turn).
   */
  private readonly startNext = (): void => {
    this.waiting.shift()?.();
    if (this.waiting.length > 0) setImmediate(this.startNext);
  };
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentVersionWatcher } from '../../src/database/content-version';
import { startTestApp } from '../support/test-app';

/**
 * The content version watch (database/content-version.ts) reads the database every few seconds, and whenever an
 * import asks. The database closes in the app's last shutdown step, side by side with the watch's own: a look
 * started while the app closes must not reach a closed connection. (CI once saw a stop during a start-up fill log two
 * error lines, shutdown.hard-spec.ts; a look caught by the database's closing is one way to log them.)
 */
describe('the content version watch while the app closes', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts no look once the app begins to close, and the looks asked for meanwhile all end quietly', async () => {
    const t = await startTestApp();
    const watcher = t.app.get(ContentVersionWatcher);
    const errors: unknown[][] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));

    // A look asked for on every turn of the event loop from before the close to after it: on PostgreSQL, thousands,
    // some during the database's closing (which failed them before the watch stopped first); SQLite closes in a turn.
    let closing = true;
    const looks: Promise<unknown>[] = [];
    const askEveryTurn = () => {
      looks.push(
        watcher.look().then(
          () => 'done',
          (error: Error) => error.message,
        ),
      );
      if (closing) setImmediate(askEveryTurn);
    };
    askEveryTurn();
    await t.close().finally(() => (closing = false));

    const outcomes = await Promise.all(looks);
    expect(outcomes.filter((outcome) => outcome !== 'done')).toEqual([]);
    expect(errors).toEqual([]);
  });
});

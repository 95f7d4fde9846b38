import { describe, expect, it } from 'vitest';
import { OnePerTurn } from './one-per-turn';

describe('OnePerTurn', () => {
  it('starts each task in a turn of its own: timers that fell due while one ran come before the next', async () => {
    const turns = new OnePerTurn();
    const events: string[] = [];
    const task = (name: string) => () => {
      events.push(`start ${name}`);
      setTimeout(() => events.push(`timer set by ${name}`), 1);
      // A synchronous read holding the thread (better-sqlite3's) outlasts that timer.
      const until = performance.now() + 3;
      while (performance.now() < until);
      return Promise.resolve(name);
    };
    const answers = await Promise.all([turns.run(task('a')), turns.run(task('b')), turns.run(task('c'))]);
    expect(answers).toEqual(['a', 'b', 'c']);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(events).toEqual(['start a', 'timer set by a', 'start b', 'timer set by b', 'start c', 'timer set by c']);
  });

  it('starts a task without waiting for the one before it to finish', async () => {
    const turns = new OnePerTurn();
    let release!: () => void;
    const slow = turns.run(() => new Promise<string>((resolve) => (release = () => resolve('slow'))));
    await expect(turns.run(() => Promise.resolve('quick'))).resolves.toBe('quick');
    release();
    await expect(slow).resolves.toBe('slow');
  });

  it('fails only the task that throws, and goes on with the others', async () => {
    const turns = new OnePerTurn();
    const failing = turns.run(() => {
      throw new Error('broken');
    });
    const next = turns.run(() => Promise.resolve('next'));
    await expect(failing).rejects.toThrow('broken');
    await expect(next).resolves.toBe('next');
  });
});

import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from './concurrency-limit';

const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

describe('ConcurrencyLimit', () => {
  it('never runs more than the limit at once, and runs every queued task in order', async () => {
    const limit = new ConcurrencyLimit(2, 100, () => new Error('full'));
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limit.run(async () => {
          active += 1;
          peak = Math.max(peak, active);
          await tick();
          order.push(i);
          active -= 1;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order).toHaveLength(20);
    expect(order.slice(0, 2).sort()).toEqual([0, 1]);
  });

  it('refuses at once beyond the waiting room, and frees the slot after a failed task', async () => {
    const limit = new ConcurrencyLimit(1, 2, () => new Error('full'));
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => limit.run(tick)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected']);
    await expect(limit.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limit.run(async () => 'next')).resolves.toBe('next');
  });
});

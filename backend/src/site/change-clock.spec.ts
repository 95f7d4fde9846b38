import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangeClock, SETTLE_MS } from './change-clock';

describe('ChangeClock', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('takes a read as current only when no change was seen since its mark', () => {
    const clock = new ChangeClock();
    const mark = clock.mark();
    expect(clock.readCurrent(mark)).toBe(true);
    expect(clock.changedSince(mark)).toBe(false);
    clock.tick();
    expect(clock.readCurrent(mark)).toBe(false);
    expect(clock.changedSince(mark)).toBe(true);
    expect(clock.readCurrent(clock.mark())).toBe(true);
  });

  it('takes no read as current while a local change is being marked in the store', async () => {
    const clock = new ChangeClock();
    let during: boolean | undefined;
    let finish!: () => void;
    const marking = clock.whileMarking(async () => {
      during = clock.readCurrent(clock.mark());
      await new Promise<void>((resolve) => (finish = resolve));
    });
    expect(during).toBe(false);
    expect(clock.readCurrent(clock.mark())).toBe(false);
    finish();
    await marking;
    expect(clock.readCurrent(clock.mark())).toBe(true);
  });

  it('is marking no more once the marking failed', async () => {
    const clock = new ChangeClock();
    await expect(clock.whileMarking(() => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(clock.readCurrent(clock.mark())).toBe(true);
  });

  it('after a change made on another instance, takes no read as current and leaves stale pages to it, for SETTLE_MS', () => {
    const clock = new ChangeClock();
    expect(clock.leftToAnotherInstance()).toBe(false);
    clock.remoteChange();
    expect(clock.readCurrent(clock.mark())).toBe(false);
    expect(clock.leftToAnotherInstance()).toBe(true);
    vi.advanceTimersByTime(SETTLE_MS - 1);
    expect(clock.readCurrent(clock.mark())).toBe(false);
    expect(clock.leftToAnotherInstance()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(clock.readCurrent(clock.mark())).toBe(true);
    expect(clock.leftToAnotherInstance()).toBe(false);
  });
});

import { Logger } from '@nestjs/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DomainEvents } from './domain-events';

describe('DomainEvents', () => {
  afterEach(() => vi.restoreAllMocks());

  it('resolves once every listener of the event is done, and tells only those', async () => {
    const events = new DomainEvents();
    const heard: string[] = [];
    events.on('category.deleted', async ({ id }) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      heard.push(`slow ${id}`);
    });
    events.on('category.deleted', ({ id }) => void heard.push(`quick ${id}`));
    events.on('page.deleted', () => void heard.push('page'));
    await events.emit('category.deleted', { id: 3 });
    expect(heard.sort()).toEqual(['quick 3', 'slow 3']);
  });

  it('logs a listener that fails, and the others still hear the event (the change itself stands)', async () => {
    const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const events = new DomainEvents();
    const heard: number[] = [];
    events.on('category.deleted', () => Promise.reject(new Error('the page store is down')));
    events.on('category.deleted', ({ id }) => void heard.push(id));
    await expect(events.emit('category.deleted', { id: 3 })).resolves.toBeUndefined();
    expect(heard).toEqual([3]);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('the page store is down'));
  });

  it('stops telling a listener once it stops listening', async () => {
    const events = new DomainEvents();
    const heard: number[] = [];
    const stop = events.on('category.deleted', ({ id }) => void heard.push(id));
    await events.emit('category.deleted', { id: 1 });
    stop();
    await events.emit('category.deleted', { id: 2 });
    expect(heard).toEqual([1]);
  });
});

import { describe, expect, it } from 'vitest';
import { commit, createHistory, HISTORY_LIMIT, record, redo, undo } from './history';

describe('simple editor history', () => {
  it('groups changes within 1000 ms into one step', () => {
    let h = createHistory('');
    h = record(h, 'a', 10_000);
    h = record(h, 'ab', 10_500);
    h = record(h, 'abc', 11_000);
    expect(h.past).toEqual(['']);
    h = record(h, 'abcd', 13_000);
    expect(h.past).toEqual(['', 'abc']);
  });
  it('undoes and redoes', () => {
    let h = createHistory('x');
    h = commit(h, 'y', 1);
    h = commit(h, 'z', 2);
    h = undo(h);
    expect(h.present).toBe('y');
    h = undo(h);
    expect(h.present).toBe('x');
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe('y');
    h = record(h, 'new', 5000);
    expect(h.future).toEqual([]);
  });
  it('keeps at most 100 steps', () => {
    let h = createHistory('0');
    for (let i = 1; i <= 150; i += 1) h = commit(h, String(i), i * 5000);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
  });
});

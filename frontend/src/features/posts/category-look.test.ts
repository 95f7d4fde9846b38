import { describe, expect, it } from 'vitest';
import { categoryPalette, COVER_PATTERNS, coverPattern } from './category-look';

describe('category look', () => {
  it('gives neighbouring categories different colours and the uncategorised grey', () => {
    const colours = [1, 2, 3, 4, 5].map((id) => categoryPalette({ id }));
    expect(new Set(colours).size).toBe(5);
    expect(categoryPalette(undefined)).toBe('gray');
    expect(categoryPalette({ id: 3 })).toBe(categoryPalette({ id: 3 }));
  });
  it('varies the pattern from post to post', () => {
    expect(new Set([1, 2, 3, 4].map(coverPattern)).size).toBe(COVER_PATTERNS.length);
  });
});

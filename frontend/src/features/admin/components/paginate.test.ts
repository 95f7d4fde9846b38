import { describe, expect, it } from 'vitest';
import { paginate } from './paginate';

const items = Array.from({ length: 23 }, (_, i) => i + 1);

describe('paginate', () => {
  it('slices pages of 10 with from/to/total', () => {
    expect(paginate(items, 1)).toMatchObject({ page: 1, totalPages: 3, from: 1, to: 10, total: 23 });
    expect(paginate(items, 3)).toMatchObject({ items: [21, 22, 23], from: 21, to: 23 });
  });
  it('clamps the page', () => {
    expect(paginate(items, 9).page).toBe(3);
    expect(paginate([], 1)).toMatchObject({ page: 1, totalPages: 1, from: 0, to: 0, total: 0 });
  });
});

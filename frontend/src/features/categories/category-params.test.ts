import { describe, expect, it } from 'vitest';
import { categoryPath, categoryPostsParams } from './category-params';

describe('category paging', () => {
  it('pages of 12 and one address per page', () => {
    expect(categoryPostsParams('ai', 2)).toEqual({ published: true, category: 'ai', limit: 12, offset: 12 });
    expect(categoryPath('ai')).toBe('/category/ai');
    expect(categoryPath('ai', 1)).toBe('/category/ai');
    expect(categoryPath('ai', 4)).toBe('/category/ai?page=4');
  });
});

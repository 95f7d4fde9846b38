import { describe, expect, it } from 'vitest';
import { latestPostsParams, viewAllPage, viewAllPath } from './home-params';

describe('View All paging', () => {
  it('reads the page only with view=all; a bad page number is page 1', () => {
    expect(viewAllPage(new URLSearchParams(''))).toBeNull();
    expect(viewAllPage(new URLSearchParams('page=3'))).toBeNull();
    expect(viewAllPage(new URLSearchParams('view=all'))).toBe(1);
    expect(viewAllPage(new URLSearchParams('view=all&page=3'))).toBe(3);
    expect(viewAllPage(new URLSearchParams('view=all&page=-2'))).toBe(1);
  });

  it('asks the API for the layout count on the home page and a fixed page of 12 after View All', () => {
    expect(latestPostsParams(undefined, null)).toEqual({ published: true, limit: 3 });
    expect(latestPostsParams(undefined, 1)).toEqual({ published: true, limit: 12, offset: 0 });
    expect(latestPostsParams(undefined, 3)).toEqual({ published: true, limit: 12, offset: 24 });
  });

  it('gives page 1 one address, without a page parameter', () => {
    expect(viewAllPath(1)).toBe('/?view=all');
    expect(viewAllPath(2)).toBe('/?view=all&page=2');
  });
});

import { describe, expect, it } from 'vitest';
import { CATEGORIES_CHOICES, DEFAULT_LAYOUT, LATEST_POSTS_CHOICES, layoutFormFrom, layoutPayload, layoutsDiffer } from './layout-form';

describe('home layout form', () => {
  it('offers the spec choices', () => {
    expect(LATEST_POSTS_CHOICES).toEqual([1, 2, 3, 4, 5, 6, 9, 12]);
    expect(CATEGORIES_CHOICES).toEqual([1, 2, 3, 4, 6, 8, 12]);
  });
  it('fills defaults and clamps counts', () => {
    expect(layoutFormFrom(undefined)).toEqual(DEFAULT_LAYOUT);
    expect(layoutFormFrom({ latestPostsCount: 40, categoriesCount: 0, heroTitle: null }).latestPostsCount).toBe(3);
  });
  it('sends blank texts as null', () => {
    const payload = layoutPayload({ ...DEFAULT_LAYOUT, heroTitle: '  ', heroBgColor: '#123456' });
    expect(payload.heroTitle).toBeNull();
    expect(payload.heroBgColor).toBe('#123456');
  });
  it('detects changes', () => {
    expect(layoutsDiffer(DEFAULT_LAYOUT, { ...DEFAULT_LAYOUT })).toBe(false);
    expect(layoutsDiffer(DEFAULT_LAYOUT, { ...DEFAULT_LAYOUT, showHero: false })).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_HOME_LAYOUT, HOME_LAYOUT_COUNT_LIMITS, layoutCountOrDefault } from './home-layout.js';

describe('home layout counts', () => {
  it('keeps a whole number within the bounds', () => {
    expect(layoutCountOrDefault('latestPostsCount', 12)).toBe(12);
    expect(layoutCountOrDefault('postsPerCategory', '7')).toBe(7);
  });
  it('falls back to the default outside the bounds or for what is not a whole number', () => {
    expect(layoutCountOrDefault('postsPerCategory', 11)).toBe(DEFAULT_HOME_LAYOUT.postsPerCategory);
    expect(layoutCountOrDefault('categoriesCount', 0)).toBe(DEFAULT_HOME_LAYOUT.categoriesCount);
    expect(layoutCountOrDefault('latestPostsCount', 2.5)).toBe(DEFAULT_HOME_LAYOUT.latestPostsCount);
    expect(layoutCountOrDefault('latestPostsCount', undefined)).toBe(DEFAULT_HOME_LAYOUT.latestPostsCount);
  });
  it('has defaults within the bounds', () => {
    for (const [field, { min, max }] of Object.entries(HOME_LAYOUT_COUNT_LIMITS)) {
      const value = DEFAULT_HOME_LAYOUT[field as keyof typeof HOME_LAYOUT_COUNT_LIMITS];
      expect(value).toBeGreaterThanOrEqual(min);
      expect(value).toBeLessThanOrEqual(max);
    }
  });
});

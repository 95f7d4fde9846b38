import { describe, expect, it } from 'vitest';
import { BLOG_NAME, documentTitle } from './blog.js';

describe('documentTitle', () => {
  it('appends the blog name to a title once', () => {
    expect(documentTitle('مقال')).toBe(`مقال | ${BLOG_NAME}`);
  });
  it('is the blog name alone without a title or for the name itself', () => {
    expect(documentTitle(undefined)).toBe(BLOG_NAME);
    expect(documentTitle('')).toBe(BLOG_NAME);
    expect(documentTitle(BLOG_NAME)).toBe(BLOG_NAME);
  });
  it('does not add the name to a meta title the editor already ended with it', () => {
    expect(documentTitle(documentTitle('مقال'))).toBe(`مقال | ${BLOG_NAME}`);
  });
});

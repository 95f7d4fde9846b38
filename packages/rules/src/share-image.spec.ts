import { describe, expect, it } from 'vitest';
import { shareImagePath, shareImageUrl, shareImageVersion, type ShareImageShows } from './share-image.js';

const shows: ShareImageShows = { title: 'Rust للمبتدئين', cover: null, author: 'كاتب', date: '2026-01-02T03:04:05.000Z' };

describe('share images', () => {
  it('have clean addresses, the slug encoded once', () => {
    expect(shareImagePath({ kind: 'home' })).toBe('/og/home.png');
    expect(shareImagePath({ kind: 'post', slug: 'مرحبا' })).toBe(`/og/post/${encodeURIComponent('مرحبا')}.png`);
    expect(shareImagePath({ kind: 'page', slug: 'about' })).toBe('/og/page/about.png');
  });

  it('change version with each thing they show, and only then', () => {
    const version = shareImageVersion(shows);
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(shareImageVersion({ ...shows })).toBe(version);
    for (const changed of [
      { ...shows, title: 'Rust للمبتدئين!' },
      { ...shows, cover: '/uploads/a.webp' },
      { ...shows, author: 'كاتبة' },
      { ...shows, date: '2026-01-02T03:04:06.000Z' },
    ]) {
      expect(shareImageVersion(changed)).not.toBe(version);
    }
  });

  it('are named in pages with their version', () => {
    expect(shareImageUrl({ kind: 'post', slug: 'rust' }, shows)).toBe(`/og/post/rust.png?v=${shareImageVersion(shows)}`);
  });
});

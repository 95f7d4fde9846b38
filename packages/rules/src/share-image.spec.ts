import { describe, expect, it } from 'vitest';
import { postShareImage, shareImagePath, shareImageUrl, shareImageVersion, type ShareImageShows } from './share-image.js';

const shows: ShareImageShows = { title: 'Rust للمبتدئين', cover: null, author: 'كاتب', date: '2 يناير 2026' };

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
      { ...shows, date: '3 يناير 2026' },
    ]) {
      expect(shareImageVersion(changed)).not.toBe(version);
    }
  });

  it("show a post's day in the site's calendar and digits, so a change of the setting is a new image", () => {
    const post = { title: 'Rust للمبتدئين', featuredImage: null, authorName: 'كاتب', createdAt: '2026-11-21T20:34:00.000Z' };
    const gregorian = postShareImage(post, { calendar: 'gregory', digits: 'latn' });
    const hijri = postShareImage(post, { calendar: 'islamic-umalqura', digits: 'arab' });
    expect(gregorian.date).toBe('21 نوفمبر 2026');
    expect(hijri.date).toMatch(/^[٠-٩]+ [^\s]+( [^\s]+)? [٠-٩]{4} هـ$/);
    expect(shareImageVersion(hijri)).not.toBe(shareImageVersion(gregorian));
  });

  it('are named in pages with their version', () => {
    expect(shareImageUrl({ kind: 'post', slug: 'rust' }, shows)).toBe(`/og/post/rust.png?v=${shareImageVersion(shows)}`);
  });
});

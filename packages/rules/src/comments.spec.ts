import { describe, expect, it } from 'vitest';
import { blocklistHits, commentsCloseTime, commentsOpenNow, linksIn } from './comments.js';

describe('blocklistHits', () => {
  const blocklist = ['كازينو', 'قمار', 'viagra'];

  it('meets a listed word with the article, an attached preposition, tashkeel, tatweel and a plural', () => {
    expect(blocklistHits('تعال إلى الكازينو', blocklist)).toEqual(['كازينو']);
    expect(blocklistHits('ربحت بالكَازينـو أمس', blocklist)).toEqual(['كازينو']);
    expect(blocklistHits('أفضل كازينوهات', blocklist)).toEqual([]); // هات is no suffix the rules take off
    expect(blocklistHits('وللقمار أهله', blocklist)).toEqual(['قمار']);
    expect(blocklistHits('Buy VIAGRA now', blocklist)).toEqual(['viagra']);
  });

  it('meets alef and yaa forms written either way', () => {
    expect(blocklistHits('هذا إعلان', ['اعلان'])).toEqual(['اعلان']);
    expect(blocklistHits('مستشفى', ['مستشفي'])).toEqual(['مستشفي']);
  });

  it('leaves words that only contain a listed word inside them', () => {
    expect(blocklistHits('مقامرة', ['قمار'])).toEqual([]);
    expect(blocklistHits('classic', ['ass'])).toEqual([]);
  });

  it('matches a listed phrase when its words follow each other', () => {
    expect(blocklistHits('اربح المال السريع اليوم', ['مال سريع'])).toEqual(['مال سريع']);
    expect(blocklistHits('المال ليس سريعا', ['مال سريع'])).toEqual([]);
  });

  it('ignores empty entries', () => {
    expect(blocklistHits('أي نص', ['', '  ', 'ـ'])).toEqual([]);
  });
});

describe('linksIn', () => {
  it('counts addresses with a scheme or www.', () => {
    expect(linksIn('انظر https://example.com و www.example.org/path، وexample.net')).toBe(2);
    expect(linksIn('لا روابط هنا')).toBe(0);
  });
});

describe('commentsOpenNow', () => {
  const publishedAt = new Date('2026-01-01T00:00:00Z');
  const post = { commentsOpen: true, commentsCloseAfterDays: null, publishedAt };

  it('follows the site switch and the post', () => {
    expect(commentsOpenNow({ enabled: true }, post)).toBe(true);
    expect(commentsOpenNow({ enabled: false }, post)).toBe(false);
    expect(commentsOpenNow({ enabled: true }, { ...post, commentsOpen: false })).toBe(false);
  });

  it('closes N days after publication', () => {
    const closing = { ...post, commentsCloseAfterDays: 10 };
    expect(commentsOpenNow({ enabled: true }, closing, new Date('2026-01-10T23:59:00Z'))).toBe(true);
    expect(commentsOpenNow({ enabled: true }, closing, new Date('2026-01-11T00:00:00Z'))).toBe(false);
    expect(commentsCloseTime(closing)).toEqual(new Date('2026-01-11T00:00:00Z'));
  });

  it('has no closing time when no days are set, or the post is closed by hand', () => {
    expect(commentsCloseTime(post)).toBeNull();
    expect(commentsCloseTime({ ...post, commentsOpen: false, commentsCloseAfterDays: 10 })).toBeNull();
  });
});

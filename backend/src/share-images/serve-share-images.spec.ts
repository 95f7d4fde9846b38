import { describe, expect, it } from 'vitest';
import { subjectOfPath } from './serve-share-images';

describe('subjectOfPath', () => {
  it('reads a post, a page or the home page from an address under /og, the slug decoded', () => {
    expect(subjectOfPath('/home.png')).toEqual({ kind: 'home' });
    expect(subjectOfPath('/page/about.png')).toEqual({ kind: 'page', slug: 'about' });
    expect(subjectOfPath(`/post/${encodeURIComponent('البرمجة-بلغة-rust')}.png`)).toEqual({ kind: 'post', slug: 'البرمجة-بلغة-rust' });
  });

  it('knows no other address, nor a slug that is not percent-encoding', () => {
    for (const path of ['/', '/home.jpg', '/post/.png', '/post/a/b.png', '/category/a.png', '/post/a.png/x', '/post/%E0%A4%A.png']) {
      expect(subjectOfPath(path), path).toBeUndefined();
    }
  });
});

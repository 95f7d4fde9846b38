import { describe, expect, it } from 'vitest';
import {
  hasForeignQuery,
  redirectCandidates,
  redirectFromProblem,
  redirectKey,
  redirectLocation,
  redirectTarget,
  utf8Bytes,
} from './redirects.js';

const SLUG = 'مقال-قديم';
const ENCODED = encodeURIComponent(SLUG);

describe('redirectKey', () => {
  it('decodes a path once, to NFC UTF-8', () => {
    expect(redirectKey(`/post/${ENCODED}`)).toBe(`/post/${SLUG}`);
    expect(redirectKey(`/post/${ENCODED.toLowerCase()}`)).toBe(`/post/${SLUG}`);
    expect(redirectKey(`/post/${SLUG}`)).toBe(`/post/${SLUG}`);
    // once: an escaped escape stays one
    expect(redirectKey('/a%2541')).toBe('/a%2541');
    // alef + combining hamza above is the precomposed alef with hamza
    expect(redirectKey('/%D8%A7%D9%94')).toBe('/\u0623');
    expect(redirectKey('/\u0627\u0654')).toBe('/\u0623');
  });

  it('keeps encoded what would split or end the path, upper-cased', () => {
    expect(redirectKey('/a%2fb')).toBe('/a%2Fb');
    expect(redirectKey('/a%3Fb%23c')).toBe('/a%3Fb%23c');
    expect(redirectKey('/a%00b%0A')).toBe('/a%00b%0A');
    // not UTF-8: left as it is
    expect(redirectKey('/a%ff')).toBe('/a%FF');
    expect(redirectKey('/a%zz')).toBe('/a%zz');
  });

  it('drops repeated and trailing slashes and the fragment', () => {
    expect(redirectKey('/feed/')).toBe('/feed');
    expect(redirectKey('//2019//05/post.html')).toBe('/2019/05/post.html');
    expect(redirectKey('/')).toBe('/');
    expect(redirectKey('//')).toBe('/');
    expect(redirectKey('/about#team')).toBe('/about');
  });

  it('keeps the query parameters that say which page, sorted, and drops trackers and ?m=1', () => {
    expect(redirectKey('/?p=12')).toBe('/?p=12');
    expect(redirectKey('/?p=12&utm_source=x&fbclid=y')).toBe('/?p=12');
    expect(redirectKey('/2019/05/post.html?m=1')).toBe('/2019/05/post.html');
    expect(redirectKey('/2019/05/post.html?m=0')).toBe('/2019/05/post.html');
    // WordPress's month archive is a page
    expect(redirectKey('/?m=201905')).toBe('/?m=201905');
    expect(redirectKey('/feeds/posts/default?alt=rss&max-results=5')).toBe('/feeds/posts/default?alt=rss&max-results=5');
    expect(redirectKey('/?b=2&a=1')).toBe('/?a=1&b=2');
    expect(redirectKey('/?s=%D9%83%D9%84%D9%85%D8%A9+%D8%AB%D8%A7%D9%86%D9%8A%D8%A9')).toBe('/?s=كلمة ثانية');
    expect(redirectKey('/?q=a%26b%3Dc')).toBe('/?q=a%26b%3Dc');
    expect(redirectKey('/old/?')).toBe('/old');
    expect(redirectKey('/old?utm_medium=mail')).toBe('/old');
  });

  it('takes the path and query of an http(s) URL, and refuses what is not a path', () => {
    expect(redirectKey('https://old.example.com/2019/05/post.html?m=1')).toBe('/2019/05/post.html');
    expect(redirectKey('HTTP://old.example.com')).toBe('/');
    expect(redirectKey('http://old.example.com?p=3')).toBe('/?p=3');
    expect(redirectKey('old-post')).toBeUndefined();
    expect(redirectKey('')).toBeUndefined();
    expect(redirectKey('javascript:alert(1)')).toBeUndefined();
  });
});

describe('the lookups of a request', () => {
  it('answers a query no page reads before the page, any other only in place of a 404', () => {
    expect(hasForeignQuery('/?p=12')).toBe(true);
    expect(hasForeignQuery('/category/x?page=2')).toBe(false);
    expect(hasForeignQuery('/?page=2&view=all')).toBe(false);
    expect(hasForeignQuery('/old-post')).toBe(false);
  });

  it('looks up the path with its query, then without', () => {
    expect(redirectCandidates('/old?x=1')).toEqual(['/old?x=1', '/old']);
    expect(redirectCandidates('/old')).toEqual(['/old']);
  });
});

describe('redirectFromProblem', () => {
  it("refuses the blog's own paths and the home page", () => {
    for (const path of ['/', '/api/posts', '/api', '/uploads/a.jpg', '/admin/redirects', '/auth', '/reset-password']) {
      expect(redirectFromProblem(path), path).toBe('own-path');
    }
    for (const path of ['/search', '/rss.xml', '/sitemap.xml', '/sitemap-2.xml', '/robots.txt', '/assets/index.js']) {
      expect(redirectFromProblem(path), path).toBe('own-path');
    }
  });

  it('lets through old addresses, gone posts and queries no page reads', () => {
    for (const path of ['/?p=12', '/?page=2', '/post/gone', '/category/old', '/tag/x', '/feed', '/wp-json/wp/v2/posts', '/about']) {
      expect(redirectFromProblem(path), path).toBeUndefined();
    }
  });

  it("lets through Blogger's label pages (under /search, which is the blog's search page alone)", () => {
    expect(redirectFromProblem('/search/label/بايثون')).toBeUndefined();
    expect(redirectFromProblem('/search/other')).toBe('own-path');
    expect(redirectFromProblem('/search/label/a/b')).toBe('own-path');
  });

  it('refuses a path too long for the unique index', () => {
    expect(redirectFromProblem(`/${'ب'.repeat(999)}`)).toBeUndefined();
    expect(redirectFromProblem(`/${'ب'.repeat(1000)}`)).toBe('too-long');
    expect(redirectFromProblem(`/${'😀'.repeat(600)}`)).toBe('too-long');
    expect(utf8Bytes('aب€😀')).toBe(1 + 2 + 3 + 4);
  });
});

describe('redirectTarget', () => {
  it('normalises a local path and keeps its whole query and fragment', () => {
    expect(redirectTarget(` /post/${ENCODED}/ `)).toBe(`/post/${SLUG}`);
    expect(redirectTarget('/post/x?utm_source=old&b=1#comments')).toBe('/post/x?utm_source=old&b=1#comments');
    expect(redirectTarget('/')).toBe('/');
  });

  it('keeps an absolute http(s) URL as typed, and makes one on the blog local', () => {
    expect(redirectTarget('https://example.org/a b')).toBeUndefined();
    expect(redirectTarget('https://example.org/مقال?x=1')).toBe('https://example.org/مقال?x=1');
    expect(redirectTarget('https://blog.example/post/x/', 'https://blog.example')).toBe('/post/x');
    expect(redirectTarget('https://blog.example', 'https://blog.example/')).toBe('/');
    expect(redirectTarget('https://blog.example.evil/x', 'https://blog.example')).toBe('https://blog.example.evil/x');
  });

  it('refuses what is neither', () => {
    for (const input of ['', 'post/x', '//evil.example/x', 'javascript:alert(1)', 'ftp://example.org/', 'https://', 'https:///x']) {
      expect(redirectTarget(input), input).toBeUndefined();
    }
  });
});

describe('redirectLocation', () => {
  it('percent-encodes what a header cannot carry, and the backslash', () => {
    expect(redirectLocation(`/post/${SLUG}`)).toBe(`/post/${ENCODED}`);
    expect(redirectLocation('/a%2Fb?s=كلمة ثانية#x')).toBe('/a%2Fb?s=%D9%83%D9%84%D9%85%D8%A9%20%D8%AB%D8%A7%D9%86%D9%8A%D8%A9#x');
    expect(redirectLocation('/\\evil.example')).toBe('/%5Cevil.example');
    expect(redirectLocation('https://example.org/a?b=1&c=2')).toBe('https://example.org/a?b=1&c=2');
  });
});

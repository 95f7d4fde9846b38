import { describe, expect, it } from 'vitest';
import {
  cleanPastedHtml,
  hasArabicScript,
  isAllowedLinkUrl,
  normalizeImageUrl,
  normalizeLinkUrl,
  parseTableSize,
  shouldBecomeRtl,
  tableHtml,
  youtubeId,
} from './editor-rules';

describe('Arabic-script detection', () => {
  it('detects Arabic letters anywhere in the text', () => {
    expect(hasArabicScript('مرحبا')).toBe(true);
    expect(hasArabicScript('React و TypeScript')).toBe(true);
    expect(hasArabicScript('ﷺ')).toBe(true); // presentation forms
    expect(hasArabicScript('Hello, world 123')).toBe(false);
    expect(hasArabicScript('')).toBe(false);
  });
  it('switches only unset/auto blocks to rtl', () => {
    expect(shouldBecomeRtl('مرحبا', null)).toBe(true);
    expect(shouldBecomeRtl('مرحبا', 'auto')).toBe(true);
    expect(shouldBecomeRtl('مرحبا', 'rtl')).toBe(false);
    expect(shouldBecomeRtl('مرحبا', 'ltr')).toBe(false);
    expect(shouldBecomeRtl('hello', 'auto')).toBe(false);
  });
});

describe('link URL allow-list', () => {
  it('accepts http, https, mailto and tel', () => {
    expect(normalizeLinkUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(normalizeLinkUrl('HTTP://example.com')).toBe('HTTP://example.com');
    expect(normalizeLinkUrl('mailto:me@example.com')).toBe('mailto:me@example.com');
    expect(normalizeLinkUrl('tel:+966500000000')).toBe('tel:+966500000000');
  });
  it('adds https to a bare host and keeps site-relative links', () => {
    expect(normalizeLinkUrl('example.com/page')).toBe('https://example.com/page');
    expect(normalizeLinkUrl('/post/hello')).toBe('/post/hello');
  });
  it('refuses other protocols and junk', () => {
    expect(isAllowedLinkUrl('javascript:alert(1)')).toBe(false);
    expect(isAllowedLinkUrl('JaVaScRiPt:alert(1)')).toBe(false);
    expect(isAllowedLinkUrl('data:text/html,hi')).toBe(false);
    expect(isAllowedLinkUrl('ftp://example.com')).toBe(false);
    expect(isAllowedLinkUrl('vbscript:x')).toBe(false);
    expect(isAllowedLinkUrl('')).toBe(false);
    expect(isAllowedLinkUrl('   ')).toBe(false);
    expect(isAllowedLinkUrl('not a url')).toBe(false);
    expect(isAllowedLinkUrl('https://')).toBe(false);
  });
  it('accepts image URLs over http(s) or site paths only', () => {
    expect(normalizeImageUrl('/uploads/a.webp')).toBe('/uploads/a.webp');
    expect(normalizeImageUrl('https://x.test/a.png')).toBe('https://x.test/a.png');
    expect(normalizeImageUrl('javascript:1')).toBeNull();
    expect(normalizeImageUrl('')).toBeNull();
  });
});

describe('table size', () => {
  it('defaults to 3 when not a number', () => {
    expect(parseTableSize('', 'abc')).toEqual({ rows: 3, cols: 3 });
    expect(parseTableSize('2', '4')).toEqual({ rows: 2, cols: 4 });
  });
  it('aborts when either is below 1 or the prompt was cancelled', () => {
    expect(parseTableSize('0', '3')).toBeNull();
    expect(parseTableSize('3', '-1')).toBeNull();
    expect(parseTableSize(null, '3')).toBeNull();
  });
  it('builds table HTML', () => {
    const html = tableHtml(2, 3);
    expect(html.match(/<tr>/g)).toHaveLength(2);
    expect(html.match(/<td>/g)).toHaveLength(6);
  });
});

describe('pasting without foreign styles', () => {
  it('removes style, class, font and span wrappers but keeps structure', () => {
    const dirty =
      '<meta charset="utf-8"><style>p{color:red}</style><p class="MsoNormal" style="color:red;font-size:20px"><span style="font-family:Arial">Hi</span> <b>there</b> <a href="https://x.test" style="color:blue">x</a></p><font color="red">f</font>';
    expect(cleanPastedHtml(dirty)).toBe('<p>Hi <b>there</b> <a href="https://x.test">x</a></p>f');
  });
});

describe('youtubeId', () => {
  it('reads the id from watch, short and embed links', () => {
    expect(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://vimeo.com/1')).toBeNull();
  });
});

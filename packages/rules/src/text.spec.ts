import { describe, expect, it } from 'vitest';
import { DEFAULT_READ_TIME, displayReadTime, EXCERPT_ELLIPSIS, EXCERPT_LENGTH, generateExcerpt, stripHtml } from './text.js';

describe('constants', () => {
  it('match SPEC §9', () => {
    expect(DEFAULT_READ_TIME).toBe(5);
    expect(EXCERPT_LENGTH).toBe(160);
  });
});

describe('stripHtml', () => {
  it('removes tags, separates blocks, decodes common entities and folds white space', () => {
    expect(stripHtml('<p>one</p><p>two&nbsp;&amp;  three</p><script>alert(1)</script>')).toBe('one two & three');
    expect(stripHtml('<strong>in</strong>line')).toBe('inline');
  });
  it('decodes numeric and every named character reference', () => {
    expect(stripHtml('<p>&#1605;&#x62F;&#1608;&#x651;&#1606;&#1577; &mdash; &hellip; &laquo;نص&raquo; &eacute; &#39;x&#39;</p>')).toBe(
      "مدوّنة — … «نص» é 'x'",
    );
    expect(stripHtml('&lt;script&gt; &amp;amp; &copy;')).toBe('<script> &amp; ©');
  });
  it('keeps what is not a character reference', () => {
    expect(stripHtml('R&D & Q&A &unknown; &#xZZ;')).toBe('R&D & Q&A &unknown; &#xZZ;');
  });
});

describe('displayReadTime', () => {
  it('shows 5 minutes when the read time is missing', () => {
    expect(displayReadTime(undefined)).toBe(5);
    expect(displayReadTime(null)).toBe(5);
    expect(displayReadTime(0)).toBe(5);
  });

  it('shows the stored value otherwise', () => {
    expect(displayReadTime(1)).toBe(1);
    expect(displayReadTime(12)).toBe(12);
  });
});

describe('generateExcerpt', () => {
  it('keeps a text of up to 160 characters whole, without an ellipsis', () => {
    expect(generateExcerpt('<p>قصير</p>')).toBe('قصير');
    expect(generateExcerpt('a'.repeat(160))).toBe('a'.repeat(160));
  });

  it('cuts a longer text so that it is 160 characters with its ellipsis', () => {
    expect(generateExcerpt('a'.repeat(161))).toBe(`${'a'.repeat(159)}${EXCERPT_ELLIPSIS}`);
    expect(generateExcerpt(`<p>${'ب'.repeat(300)}</p>`)).toBe(`${'ب'.repeat(159)}…`);
    expect(generateExcerpt('a'.repeat(161))).toHaveLength(EXCERPT_LENGTH);
  });

  it('ends on a whole word when one ends near the limit', () => {
    const excerpt = generateExcerpt(`<p>${'كلمة '.repeat(40)}</p>`); // 32 words fill 159 characters
    expect(excerpt).toBe(`${'كلمة '.repeat(32).trim()}…`);
    expect(generateExcerpt(`<p>${'كلمات '.repeat(40)}</p>`)).toBe(`${'كلمات '.repeat(26).trim()}…`);
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_LENGTH);
  });

  it('strips tags before counting', () => {
    const html = `<h2>${'x'.repeat(100)}</h2><p><em>${'y'.repeat(60)}</em></p>`;
    expect(generateExcerpt(html)).toBe(`${'x'.repeat(100)} ${'y'.repeat(58)}…`);
  });
});

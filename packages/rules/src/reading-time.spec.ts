import { describe, expect, it } from 'vitest';
import {
  ARABIC_WORDS_PER_MINUTE,
  CODE_LINES_PER_MINUTE,
  LATIN_WORDS_PER_MINUTE,
  readingParts,
  readingSeconds,
  readingTime,
  SECONDS_PER_BLOCK_FORMULA,
  SECONDS_PER_INLINE_FORMULA,
} from './reading-time.js';

const words = (count: number, word: string) => Array.from({ length: count }, () => word).join(' ');
const codeBlock = (lines: number) =>
  `<pre><code class="language-js">${Array.from({ length: lines }, (_, i) => `let x${i} = ${i};`).join('\n')}</code></pre>`;

describe('rates', () => {
  it('are the cited ones: English silent reading, Arabic scaled by IReST’s 138 / 228', () => {
    expect(LATIN_WORDS_PER_MINUTE).toBe(238);
    expect(ARABIC_WORDS_PER_MINUTE).toBe(144);
  });
});

describe('readingParts', () => {
  it('counts Arabic and Latin words apart, a mixed word as Arabic, punctuation as nothing', () => {
    expect(readingParts('<p>البرمجة بلغة Rust للمبتدئين — دليل (v2) عملي…</p>')).toMatchObject({ arabicWords: 5, otherWords: 2 });
    expect(readingParts('<p>والـRust</p>')).toMatchObject({ arabicWords: 1, otherWords: 0 });
  });
  it('counts tashkeel-laden words once each', () => {
    expect(readingParts('<p>بِسْمِ اللَّهِ الرَّحْمَٰنِ</p>').arabicWords).toBe(3);
  });
  it('counts code blocks by their non-blank lines, never as words', () => {
    const parts = readingParts(`<p>قبل</p><pre><code>a = 1\n\n  \nb = 2<br>c = 3</code></pre><p>بعد <code>inline</code></p>`);
    expect(parts).toMatchObject({ codeLines: 3, arabicWords: 2, otherWords: 1 });
  });
  it('counts highlighted code by its lines (the spans are not words)', () => {
    const parts = readingParts(
      '<pre><code class="hljs"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>;\nlog(a)</code></pre>',
    );
    expect(parts).toMatchObject({ codeLines: 2, arabicWords: 0, otherWords: 0 });
  });
  it('counts formulas one by one, displayed and inline apart, never their symbols as words', () => {
    const html =
      '<p>المعادلة <math><mi>x</mi><mo>=</mo><mn>2</mn></math> بسيطة.</p><math display="block"><mfrac><mi>a</mi><mi>b</mi></mfrac></math>';
    expect(readingParts(html)).toMatchObject({ inlineFormulas: 1, blockFormulas: 1, arabicWords: 2, otherWords: 0 });
  });
});

describe('readingTime', () => {
  it('reads Arabic at its own rate', () => {
    expect(readingTime(`<p>${words(ARABIC_WORDS_PER_MINUTE, 'كلمة')}</p>`)).toBe(1);
    expect(readingTime(`<p>${words(ARABIC_WORDS_PER_MINUTE + 1, 'كلمة')}</p>`)).toBe(2);
    expect(readingTime(`<p>${words(ARABIC_WORDS_PER_MINUTE * 10, 'كلمة')}</p>`)).toBe(10);
  });
  it('reads Latin faster: the same count of words takes less time', () => {
    expect(readingTime(`<p>${words(LATIN_WORDS_PER_MINUTE, 'word')}</p>`)).toBe(1);
    expect(readingTime(`<p>${words(LATIN_WORDS_PER_MINUTE * 5, 'word')}</p>`)).toBe(5);
    expect(readingTime(`<p>${words(LATIN_WORDS_PER_MINUTE * 5, 'كلمة')}</p>`)).toBe(9);
  });
  it('adds the parts: half a minute of each script and a minute of code is two minutes', () => {
    const html = `<p>${words(ARABIC_WORDS_PER_MINUTE / 2, 'كلمة')}</p><p>${words(LATIN_WORDS_PER_MINUTE / 2, 'word')}</p>${codeBlock(CODE_LINES_PER_MINUTE)}`;
    expect(readingSeconds(readingParts(html))).toBeCloseTo(120);
    expect(readingTime(html)).toBe(2);
  });
  it('gives formulas their own seconds', () => {
    const parts = { arabicWords: 0, otherWords: 0, codeLines: 0, blockFormulas: 2, inlineFormulas: 3 };
    expect(readingSeconds(parts)).toBe(2 * SECONDS_PER_BLOCK_FORMULA + 3 * SECONDS_PER_INLINE_FORMULA);
  });
  it('counts words, not tags', () => {
    const html = Array.from({ length: 144 }, () => `<p dir="rtl" style="text-align: right"><strong>كلمة</strong></p>`).join('');
    expect(readingTime(html)).toBe(1);
    expect(readingTime(`${html}<p>واحدة</p>`)).toBe(2);
  });
  it('is 0 for nothing to read, 1 for a word', () => {
    expect(readingTime('')).toBe(0);
    expect(readingTime('<p> </p><br>')).toBe(0);
    expect(readingTime('<p>كلمة</p>')).toBe(1);
  });
});

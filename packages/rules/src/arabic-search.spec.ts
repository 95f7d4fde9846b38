import { describe, expect, it } from 'vitest';
import {
  indexedText,
  MAX_QUERY_WORDS,
  normalizedQueryKey,
  normalizeWord,
  queryTerms,
  REMEMBERED_WORDS,
  searchWords,
  wordForms,
} from './arabic-search.js';

/** Whether a query word finds a word of a post: one of its forms is among the post word's forms (as in the index). */
function finds(query: string, written: string): boolean {
  const indexed = new Set(indexedText(written).split(' '));
  return queryTerms(query).every((forms) => forms.some((form) => indexed.has(form)));
}

describe('normalizeWord', () => {
  it.each([
    ['تَعَلُّم', 'تعلم', 'tashkeel'],
    ['تـعـلـم', 'تعلم', 'tatweel'],
    ['أحمد', 'احمد', 'alef with hamza above'],
    ['إسلام', 'اسلام', 'alef with hamza below'],
    ['آمن', 'امن', 'alef with madda'],
    ['ٱلحمد', 'الحمد', 'alef wasla'],
    ['على', 'علي', 'alef maqsura'],
    ['مكتبة', 'مكتبه', 'taa marbuta'],
    ['مسؤول', 'مسءول', 'hamza on waw'],
    ['مسئول', 'مسءول', 'hamza on yaa'],
    ['کتاب', 'كتاب', 'Persian kaf'],
    ['TypeScript', 'typescript', 'Latin case'],
    ['Café', 'cafe', 'Latin accents'],
    ['٢٠٢٤', '2024', 'Arabic-Indic digits'],
    ['۲۰۲۴', '2024', 'Extended Arabic-Indic digits'],
    ['ﻻ', 'لا', 'presentation form ligature'],
  ])('%s → %s (%s)', (written, normalized) => {
    expect(normalizeWord(written)).toBe(normalized);
  });
});

describe('searchWords', () => {
  it('splits on punctuation and spaces, mixed Arabic and English', () => {
    expect(searchWords('مقدمة إلى React، و Node.js (٢٠٢٤)!')).toEqual(['مقدمه', 'الي', 'react', 'و', 'node', 'js', '2024']);
  });

  it('keeps a word with diacritics and tatweel whole', () => {
    expect(searchWords('الـبَرْمَجَة')).toEqual(['البرمجه']);
  });
});

describe('wordForms', () => {
  it('a word with the article stands for its stem too', () => {
    expect(wordForms('البرمجه')).toEqual(expect.arrayContaining(['البرمجه', 'برمجه']));
  });

  it('Latin words and numbers have one form', () => {
    expect(wordForms('react')).toEqual(['react']);
    expect(wordForms('2024')).toEqual(['2024']);
  });
});

/** Real spellings that name the same thing: a reader typing the first finds a post with the second. */
const SAME_WORD: [query: string, written: string][] = [
  ['تعلم', 'تَعَلُّم'],
  ['تعلم', 'تـعلم'],
  ['احمد', 'أَحْمَد'],
  ['أحمد', 'إحمد'],
  ['احمد', 'آحمد'],
  ['علي', 'على'],
  ['مكتبه', 'مكتبة'],
  ['برمجة', 'البرمجة'],
  ['برمجة', 'بالبرمجة'],
  ['برمجة', 'وللبرمجة'],
  ['البرمجة', 'برمجة'],
  ['بالبرمجة', 'للبرمجة'],
  ['كتاب', 'والكتاب'],
  ['كتاب', 'فالكتاب'],
  ['كتاب', 'كالكتاب'],
  ['كتاب', 'بكتاب'],
  ['قال', 'وقال'],
  ['قال', 'فقال'],
  ['مدرسة', 'للمدرسة'],
  ['مكتبة', 'مكتبات'],
  ['مبرمج', 'مبرمجون'],
  ['مبرمج', 'المبرمجين'],
  ['كتاب', 'كتابها'],
  ['عربي', 'العربية'],
  ['مسئول', 'مسؤول'],
  ['typescript', 'TypeScript'],
  ['2024', '٢٠٢٤'],
  ['٢٠٢٤', '2024'],
  ['الذكاء', 'ذكاء'],
];

/** Different words that must not meet (a stem taken off too eagerly would flood the results). */
const DIFFERENT_WORDS: [query: string, written: string][] = [
  ['بيان', 'كيان'],
  ['كلام', 'لام'],
  ['وقت', 'قت'],
  ['لبنان', 'لبن'],
  ['تمرين', 'تمر'],
  ['احمد', 'محمد'],
  ['react', 'reactive'],
  ['2024', '2025'],
];

describe('indexedText', () => {
  /** The index's text computed afresh, word by word, without what indexedText remembers. */
  const computed = (text: string) => searchWords(text).flatMap(wordForms).join(' ');

  it('holds the forms of each word in order, and nothing for what has no letters or digits', () => {
    const text = 'والمكتبات: ١٢ كتاباً — Café!';
    expect(indexedText(text)).toBe(computed(text));
    expect(indexedText(text).split(' ')).toEqual(expect.arrayContaining(['والمكتبات', 'مكتبات', 'مكتب', '12', 'cafe']));
    expect(indexedText('… — !!')).toBe('');
  });

  it('gives the same text however many words it has remembered, past the limit of what it remembers', () => {
    const words = Array.from({ length: REMEMBERED_WORDS * 2 + 7 }, (_, index) => `والكتاب${index.toString(36)}`);
    const text = `${words.join(' ')} ${words.slice(0, 100).join(' ')} الكتاب وَالكِتاب`;
    expect(indexedText(text)).toBe(computed(text));
    expect(indexedText(text)).toBe(computed(text));
  });
});

describe('one word, several spellings', () => {
  it.each(SAME_WORD)('%s finds %s', (query, written) => {
    expect(finds(query, written)).toBe(true);
  });

  it.each(DIFFERENT_WORDS)('%s does not find %s', (query, written) => {
    expect(finds(query, written)).toBe(false);
  });
});

describe('queryTerms', () => {
  it('one group per distinct word, each with its forms', () => {
    expect(queryTerms('البرمجة React البرمجة')).toEqual([wordForms('البرمجه'), ['react']]);
  });

  it('nothing searchable in punctuation alone', () => {
    expect(queryTerms('  ؟!… -- ')).toEqual([]);
  });

  it(`uses at most ${MAX_QUERY_WORDS} words`, () => {
    expect(queryTerms(Array.from({ length: 30 }, (_, i) => `word${i}`).join(' '))).toHaveLength(MAX_QUERY_WORDS);
  });

  it('a word longer than any real word is ignored', () => {
    expect(queryTerms(`${'ا'.repeat(100)} كتاب`)).toEqual([['كتاب']]);
  });
});

describe('normalizedQueryKey', () => {
  it('is the same for spellings of the same search', () => {
    expect(normalizedQueryKey('أَحْمَد')).toBe(normalizedQueryKey('  احمد '));
    expect(normalizedQueryKey('React ٢٠٢٤')).toBe(normalizedQueryKey('react 2024'));
  });
});

import { describe, expect, it } from 'vitest';
import { headTitle } from './blog.js';
import {
  canonicalLanguage,
  firstStrongDirection,
  FSI,
  isolate,
  languageDirection,
  LRI,
  LRM,
  PDI,
  RLI,
  RLM,
  titleLeavingPage,
} from './direction.js';

describe('firstStrongDirection', () => {
  it('reads an Arabic title as right to left', () => {
    expect(firstStrongDirection('البرمجة بلغة Rust')).toBe('rtl');
  });
  it('reads an Arabic title that begins with a Latin word as left to right: the guess that gets it wrong', () => {
    expect(firstStrongDirection('Rust للمبتدئين')).toBe('ltr');
  });
  it('reads a Latin title as left to right', () => {
    expect(firstStrongDirection('Hello, world')).toBe('ltr');
  });
  it('skips digits and punctuation, Western or Arabic-Indic', () => {
    expect(firstStrongDirection('2026: عام البرمجة')).toBe('rtl');
    expect(firstStrongDirection('١٠ نصائح')).toBe('rtl');
    expect(firstStrongDirection('«10» tips')).toBe('ltr');
  });
  it('decides nothing for empty text or digits only', () => {
    expect(firstStrongDirection('')).toBeNull();
    expect(firstStrongDirection('2026 - 10')).toBeNull();
  });
  it('skips what is inside isolates and obeys direction marks', () => {
    expect(firstStrongDirection(`${LRI}Rust${PDI} للمبتدئين`)).toBe('rtl');
    expect(firstStrongDirection(`${RLM}Rust للمبتدئين`)).toBe('rtl');
    expect(firstStrongDirection(`${LRM}مرحبا`)).toBe('ltr');
  });
});

describe('titleLeavingPage', () => {
  it('keeps a Latin-first Arabic title right to left for software that guesses by the first strong character', () => {
    const title = titleLeavingPage('Rust للمبتدئين', 'rtl');
    expect(title).toBe(`${RLM}${RLI}Rust للمبتدئين${PDI}`);
    expect(firstStrongDirection(title)).toBe('rtl');
  });
  it('marks an Arabic title right to left', () => {
    expect(titleLeavingPage('دليل عملي', 'rtl')).toBe(`${RLM}${RLI}دليل عملي${PDI}`);
  });
  it('isolates a Latin title left to right inside the blog’s right-to-left line', () => {
    const title = titleLeavingPage('Hello, world!', 'ltr', 'rtl');
    expect(title).toBe(`${RLM}${LRI}Hello, world!${PDI}`);
    expect(firstStrongDirection(`${title} | مدوّنة`)).toBe('rtl');
    expect(firstStrongDirection(titleLeavingPage('Hello, world!', 'ltr'))).toBe('ltr');
  });
  it('gives a title that begins with digits the direction of its language', () => {
    expect(titleLeavingPage('2026 في مراجعة', 'rtl')).toBe(`${RLM}${RLI}2026 في مراجعة${PDI}`);
    expect(firstStrongDirection(titleLeavingPage('3 tips', 'ltr'))).toBe('ltr');
  });
  it('leaves an empty title empty', () => {
    expect(titleLeavingPage('', 'rtl')).toBe('');
    expect(isolate('')).toBe('');
  });
  it('isolates by first strong character when the direction is unknown', () => {
    expect(isolate('abc')).toBe(`${FSI}abc${PDI}`);
  });
});

describe('headTitle', () => {
  it('isolates the title before the blog name', () => {
    expect(headTitle('Rust للمبتدئين')).toBe(`${RLM}${RLI}Rust للمبتدئين${PDI} | مدوّنة`);
    expect(headTitle('Rust for beginners', 'ltr')).toBe(`${RLM}${LRI}Rust for beginners${PDI} | مدوّنة`);
    expect(headTitle('مقال | مدوّنة')).toBe(`${RLM}${RLI}مقال${PDI} | مدوّنة`);
  });
  it('is the blog name alone without a title', () => {
    expect(headTitle('')).toBe('مدوّنة');
    expect(headTitle(undefined)).toBe('مدوّنة');
  });
});

describe('languages', () => {
  it('canonicalises BCP 47 tags and refuses what is not one', () => {
    expect(canonicalLanguage('EN-us')).toBe('en-US');
    expect(canonicalLanguage('ar')).toBe('ar');
    expect(canonicalLanguage('zh-hant-tw')).toBe('zh-Hant-TW');
    expect(canonicalLanguage('not a tag')).toBeNull();
    expect(canonicalLanguage('')).toBeNull();
    expect(canonicalLanguage('x')).toBeNull();
  });
  it('writes Arabic, Persian, Hebrew, Urdu and their kin right to left, with their subtags', () => {
    for (const tag of ['ar', 'ar-EG', 'fa', 'he', 'ur', 'ps', 'ckb', 'yi', 'dv', 'sd', 'ug', 'az-Arab']) {
      expect(languageDirection(tag), tag).toBe('rtl');
    }
  });
  it('writes the others left to right', () => {
    for (const tag of ['en', 'en-US', 'fr', 'tr', 'zh-Hant', 'az-Latn']) expect(languageDirection(tag), tag).toBe('ltr');
  });
  it('takes Arabic for no language', () => {
    expect(languageDirection(null)).toBe('rtl');
  });
});

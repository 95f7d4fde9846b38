import { describe, expect, it } from 'vitest';
import { fallbackSlug, isSlug, MAX_SLUG_LENGTH, pageSlugify, slugify, tagSlug } from './slug.js';

const NOW = 1_700_000_012_345; // last 8 digits: 00012345
const random = (value: number) => () => value;

describe('slugify (posts and categories)', () => {
  it('lowercases, trims and turns white space runs into single hyphens', () => {
    expect(slugify('  Hello   World  ')).toBe('hello-world');
    expect(slugify('Tabs\tand\nnewlines')).toBe('tabs-and-newlines');
  });

  it('keeps Arabic letters', () => {
    expect(slugify('مرحبا بالعالم')).toBe('مرحبا-بالعالم');
    expect(slugify('الذكاء الاصطناعي')).toBe('الذكاء-الاصطناعي');
  });

  it('keeps Arabic diacritics and digits of both scripts', () => {
    expect(slugify('عَرَبِيّ ٢٠٢٤ 2024')).toBe('عَرَبِيّ-٢٠٢٤-2024');
  });

  it('handles mixed Arabic and Latin text', () => {
    expect(slugify('React و Node.js')).toBe('react-و-nodejs');
  });

  it("turns '&' into '-and-' and collapses the hyphens around it", () => {
    expect(slugify('Tom & Jerry')).toBe('tom-and-jerry');
    expect(slugify('R&D')).toBe('r-and-d');
  });

  it('collapses repeated hyphens and trims them at the ends', () => {
    expect(slugify('a -- b --- c')).toBe('a-b-c');
    expect(slugify('--edge--case--')).toBe('edge-case');
  });

  it('drops punctuation and symbols (Latin and Arabic)', () => {
    expect(slugify('Hello, World! (2024)?')).toBe('hello-world-2024');
    expect(slugify('ما هو الذكاء؟ سؤال، وجواب')).toBe('ما-هو-الذكاء-سؤال-وجواب');
    expect(slugify('price: $100 #1 @home <b>')).toBe('price-100-1-home-b');
  });

  it('keeps underscores', () => {
    expect(slugify('snake_case name')).toBe('snake_case-name');
  });

  it("falls back to 'post-' + the last 8 digits of the time + a random 0-999 when under 3 characters", () => {
    expect(slugify('', NOW, random(0))).toBe('post-000123450');
    expect(slugify('ab', NOW, random(0.5))).toBe('post-00012345500');
    expect(slugify('!!!', NOW, random(0.9999))).toBe('post-00012345999');
    expect(slugify('يا', NOW, random(0.123))).toBe('post-00012345123');
    expect(slugify(' a & ', NOW, random(0))).toBe('a-and');
  });

  it('does not fall back at exactly 3 characters', () => {
    expect(slugify('abc', NOW, random(0))).toBe('abc');
  });

  it('uses the real clock and randomness when none is injected', () => {
    expect(slugify('x')).toMatch(/^post-\d{8}\d{1,3}$/);
  });
});

describe('fallbackSlug', () => {
  it('takes a prefix', () => {
    expect(fallbackSlug('page', NOW, random(0.042))).toBe('page-0001234542');
  });
});

describe('pageSlugify', () => {
  it('lowercases, hyphenates white space, drops non-word characters, collapses and trims hyphens', () => {
    expect(pageSlugify('About Me!')).toBe('about-me');
    expect(pageSlugify('  --Privacy   Policy--  ')).toBe('privacy-policy');
    expect(pageSlugify('Terms & Conditions')).toBe('terms-conditions');
  });

  it('keeps Arabic letters', () => {
    expect(pageSlugify('من نحن')).toBe('من-نحن');
  });

  it('can be empty (no fallback: the caller decides)', () => {
    expect(pageSlugify('!!!')).toBe('');
    expect(pageSlugify('ab')).toBe('ab');
  });
});

describe('isSlug', () => {
  it('accepts what slugify produces and refuses the rest', () => {
    expect(isSlug('hello-world')).toBe(true);
    expect(isSlug('مرحبا-بالعالم')).toBe(true);
    expect(isSlug('Hello')).toBe(false);
    expect(isSlug('a b')).toBe(false);
    expect(isSlug('-a')).toBe(false);
    expect(isSlug('')).toBe(false);
  });
});

describe('slug length', () => {
  it('cuts generated slugs to MAX_SLUG_LENGTH characters, leaving room for a -2 suffix in every slug column', () => {
    expect(MAX_SLUG_LENGTH).toBeLessThanOrEqual(195);
    const expanded = slugify('a&'.repeat(150));
    expect(Array.from(expanded).length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(expanded).toMatch(/^(a-and-)+a-an$/);
    expect(slugify(`${'x'.repeat(MAX_SLUG_LENGTH - 1)} tail`)).toBe('x'.repeat(MAX_SLUG_LENGTH - 1)); // no trailing hyphen
    expect(Array.from(slugify('ب'.repeat(300)))).toHaveLength(MAX_SLUG_LENGTH);
    expect(Array.from(pageSlugify('title '.repeat(100))).length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
  });

  it('counts characters, not UTF-16 units, and never splits one', () => {
    const astral = '𝒜'.repeat(300); // a letter outside the BMP (two UTF-16 units each)
    expect(slugify(astral)).toBe('𝒜'.repeat(MAX_SLUG_LENGTH));
  });
});

describe('tagSlug', () => {
  it('keeps Arabic and short Latin tags, lowercased', () => {
    expect(tagSlug('ريادة الأعمال')).toBe('ريادة-الأعمال');
    expect(tagSlug('AI')).toBe('ai');
    expect(tagSlug('Node.js')).toBe('nodejs');
  });

  it('keeps C, C# and C++ apart', () => {
    expect(new Set([tagSlug('C'), tagSlug('C#'), tagSlug('C++')]).size).toBe(3);
  });

  it('is empty for a tag without letters or digits', () => {
    expect(tagSlug('!!!')).toBe('');
  });
});

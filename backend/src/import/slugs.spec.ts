import { describe, expect, it } from 'vitest';
import { decodeSlugOnce } from './slugs';

describe('decodeSlugOnce', () => {
  it('decodes a percent-encoded Arabic slug', () => {
    expect(decodeSlugOnce('%d8%aa%d9%82%d9%86%d9%8a%d8%a9')).toBe('تقنية');
  });

  it('reads upper-case hex too, and mixed text', () => {
    expect(decodeSlugOnce('%D8%AA%D9%82%D9%86%D9%8A%D8%A9-2023')).toBe('تقنية-2023');
  });

  it('leaves an already decoded slug as it is', () => {
    expect(decodeSlugOnce('تقنية-الويب')).toBe('تقنية-الويب');
    expect(decodeSlugOnce('hello-world')).toBe('hello-world');
  });

  it('decodes once only: an encoded percent sign stays a percent sign', () => {
    expect(decodeSlugOnce('%25d8%aa')).toBe('%d8%aa');
    expect(decodeSlugOnce('%2525')).toBe('%25');
  });

  it('keeps malformed sequences as text', () => {
    expect(decodeSlugOnce('100%zz')).toBe('100%zz');
    expect(decodeSlugOnce('%')).toBe('%');
    expect(decodeSlugOnce('a%2')).toBe('a%2');
  });

  it('decodes the valid sequences around an invalid one', () => {
    expect(decodeSlugOnce('%d8%aa%d9')).toBe('ت%d9');
    expect(decodeSlugOnce('%ff%d8%aa')).toBe('%ffت');
  });

  it('leaves + alone', () => {
    expect(decodeSlugOnce('c++-%d8%aa')).toBe('c++-ت');
  });
});

import { describe, expect, it } from 'vitest';
import { malformation, MAX_JSON_DEPTH } from './malformed-input';

const nested = (levels: number) => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i += 1) value = { a: value };
  return value;
};

describe('malformation', () => {
  it('accepts ordinary Arabic, English, emoji and nested values', () => {
    expect(malformation({ title: 'مرحبا Hello 👋', tags: ['a', 'ب'], n: 3, x: null })).toBeUndefined();
    expect(malformation(nested(MAX_JSON_DEPTH - 1))).toBeUndefined();
  });
  it('refuses values nested deeper than the limit, even 100,000 levels (no recursion)', () => {
    expect(malformation(nested(MAX_JSON_DEPTH + 1))).toMatch(/nested deeper/);
    expect(malformation(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)))).toMatch(/nested deeper/);
  });
  it('refuses NUL characters in values and keys', () => {
    expect(malformation({ slug: 'a\0b' })).toMatch(/NUL/);
    expect(malformation({ ['k\0']: 1 })).toMatch(/NUL/);
    expect(malformation('/api/posts/a\0b')).toMatch(/NUL/);
  });
  it('refuses lone surrogates but not surrogate pairs', () => {
    expect(malformation({ email: 'a\ud800@example.com' })).toMatch(/surrogate/);
    expect(malformation({ email: 'a\udc00' })).toMatch(/surrogate/);
    expect(malformation({ title: '\ud83d\ude00' })).toBeUndefined();
  });
});

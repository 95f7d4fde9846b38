import { describe, expect, it } from 'vitest';
import { commentParts } from './comment-text';

describe('commentParts (links in a reader’s plain text)', () => {
  it('makes web addresses links and keeps the text around them', () => {
    expect(commentParts('زوروا https://example.com/path?q=1&x=2 اليوم')).toEqual([
      { text: 'زوروا ' },
      { text: 'https://example.com/path?q=1&x=2', href: 'https://example.com/path?q=1&x=2' },
      { text: ' اليوم' },
    ]);
  });

  it('opens an address written with www. over https', () => {
    expect(commentParts('www.example.org')).toEqual([{ text: 'www.example.org', href: 'https://www.example.org' }]);
  });

  it('leaves Arabic and Latin punctuation after an address out of it', () => {
    for (const [text, address, rest] of [
      ['انظر https://example.com/a، ثم عد', 'https://example.com/a', '، ثم عد'],
      ['هل قرأت https://example.com/مقال؟', 'https://example.com/مقال', '؟'],
      ['المصدر: http://example.com/x؛ والباقي', 'http://example.com/x', '؛ والباقي'],
      ['(https://example.com/b).', 'https://example.com/b', ').'],
      ['See www.example.org.', 'www.example.org', '.'],
    ]) {
      const parts = commentParts(text);
      const link = parts.find((part) => part.href);
      expect(link?.text, text).toBe(address);
      expect(parts.map((part) => part.text).join(''), text).toBe(text);
      expect(parts.at(-1)?.text, text).toBe(rest);
    }
  });

  it('keeps markup as text: nothing a reader types becomes HTML or a script link', () => {
    const script = '<script>alert("x")</script> <b>عريض</b>';
    expect(commentParts(script)).toEqual([{ text: script }]);
    expect(commentParts('javascript:alert(1) data:text/html,x')).toEqual([{ text: 'javascript:alert(1) data:text/html,x' }]);
    // an address stops before a quote or an angle bracket
    expect(commentParts('https://example.com/"><img src=x>').filter((part) => part.href)).toEqual([
      { text: 'https://example.com/', href: 'https://example.com/' },
    ]);
  });

  it('finds every address, and a text without one is one plain run', () => {
    expect(commentParts('a https://one.example b www.two.example').filter((part) => part.href)).toHaveLength(2);
    expect(commentParts('سطر أول\nسطر ثانٍ')).toEqual([{ text: 'سطر أول\nسطر ثانٍ' }]);
    expect(commentParts('')).toEqual([]);
  });
});

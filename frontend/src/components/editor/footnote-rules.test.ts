import { describe, expect, it } from 'vitest';
import { backLinkArrow, footnoteNumber, noteDirection } from './footnote-rules';

describe('footnote rules', () => {
  it('reads the number of note and reference ids, and nothing else', () => {
    expect(footnoteNumber('fn-3')).toBe(3);
    expect(footnoteNumber('fn:12')).toBe(12);
    expect(footnoteNumber('fnref-7', 'fnref')).toBe(7);
    expect(footnoteNumber('fnref-7')).toBeNull();
    expect(footnoteNumber('fn-7', 'fnref')).toBeNull();
    expect(footnoteNumber('main')).toBeNull();
    expect(footnoteNumber('fn-1x')).toBeNull();
  });

  it("takes a note's direction from its dir, else its first strong letter, else right to left", () => {
    expect(noteDirection('ltr', 'نص')).toBe('ltr');
    expect(noteDirection('rtl', 'text')).toBe('rtl');
    expect(noteDirection('auto', '2024: Knuth, TAOCP')).toBe('ltr');
    expect(noteDirection(undefined, '«انظر» Knuth')).toBe('rtl');
    expect(noteDirection(undefined, '123')).toBe('rtl');
  });

  it('points the back-link back against the reading direction', () => {
    expect(backLinkArrow('rtl')).toBe('↪');
    expect(backLinkArrow('ltr')).toBe('↩');
  });
});

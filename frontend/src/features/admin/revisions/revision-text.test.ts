// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { hasChanges, htmlToText, wordDiff } from './revision-text';

describe('revision text', () => {
  it('diffs whole Arabic words, not letters', () => {
    const changes = wordDiff('كتب الكاتب مقالا جميلا اليوم', 'كتب الكاتب مقالا رائعا اليوم');
    expect(changes.filter((c) => c.removed).map((c) => c.value)).toEqual(['جميلا']);
    expect(changes.filter((c) => c.added).map((c) => c.value)).toEqual(['رائعا']);
  });

  it('reads HTML as lines of text', () => {
    expect(htmlToText('<h2>عنوان</h2><p>فقرة <strong>أولى</strong></p><ul><li>بند</li></ul>')).toBe('عنوان\nفقرة أولى\nبند');
  });

  it('says when nothing changed', () => {
    expect(hasChanges(wordDiff('نص واحد', 'نص واحد'))).toBe(false);
  });
});

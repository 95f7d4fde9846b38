import { describe, expect, it } from 'vitest';
import { ELLIPSIS, fitTitle } from './fit-title';
import { measureLines } from './pango-text';
import { TITLE_STYLE } from './share-card';

describe('fitTitle (drawn by sharp)', () => {
  it('keeps a title that fits, its spaces made single', async () => {
    expect(await fitTitle('  Rust   للمبتدئين ', TITLE_STYLE, 3)).toBe('Rust للمبتدئين');
  });

  it('cuts a long title after its last word that fits in three lines, with an ellipsis', async () => {
    const words = Array.from({ length: 40 }, (_, index) => `كلمة${index + 1}`);
    const fitted = await fitTitle(words.join(' '), TITLE_STYLE, 3);
    expect(fitted.endsWith(ELLIPSIS)).toBe(true);
    const kept = fitted.slice(0, -1).split(' ');
    expect(kept).toEqual(words.slice(0, kept.length));
    expect(await measureLines(fitted, TITLE_STYLE)).toBe(3);
    expect(await measureLines(`${words.slice(0, kept.length + 1).join(' ')}${ELLIPSIS}`, TITLE_STYLE)).toBe(4);
  });

  it('counts lines whatever the height of their letters', async () => {
    expect(await measureLines('ممم', TITLE_STYLE)).toBe(1);
    expect(await measureLines('آلإ لأ', TITLE_STYLE)).toBe(1);
  });
});

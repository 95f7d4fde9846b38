import { chromium, type Browser } from '@playwright/test';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ELLIPSIS, fitTitle } from '../../src/share-images/fit-title';
import { drawText } from '../../src/share-images/pango-text';
import { drawTitle, TITLE_STYLE } from '../../src/share-images/share-card';
import { SHARE_CARD_COLOURS, SHARE_CARD_FONTS, SHARE_CARD_LAYOUT } from '../../src/share-images/share-card-design';
import { onPostgres } from '../support/conditions';

/**
 * The share image's title against the same title laid out by Chromium (docs/decisions/027-share-images.md): the same
 * font file, size, line height, colours and wrapping width, right to left as the post page sets it. Both are cut to
 * their ink and turned into masks (a pixel is ink when it is more than half way from the background to the text's
 * colour), set against each other from their top-right corners (where right-to-left lines start), and the share of
 * differing pixels is taken over the pixels either one inks: an ink pixel differs when the other mask has no ink
 * within TOLERANCE pixels of it.
 *
 * Measured here (the run prints every share): pixel for pixel (no tolerance) the same titles differ by 0.12-0.24, all
 * of it at the edges of strokes: two rasterisers (FreeType through cairo, Skia) place and anti-alias glyph edges a
 * fraction of a pixel apart, and the error grows along a line. With one pixel of tolerance they differ by 0.00-0.06,
 * while a title drawn reversed, or laid out as a left-to-right paragraph, differs by 0.62-0.73 (other glyphs in other
 * places; two pixels of tolerance still leave 0.52). The threshold, 0.15, sits between: three times the worst
 * likeness, a quarter of the least difference.
 */
const THRESHOLD = 0.15;
/** Pixels an edge may move between the two rasterisers. */
const TOLERANCE = 1;

const TITLES = [
  'البرمجة بلغة Rust: دليل عملي للمبتدئين',
  'Rust للمبتدئين',
  '١٠ نصائح في 2026',
  'كيف تكتب مقالاً تقنياً يقرؤه الناس حتى آخره',
  'TypeScript و React: بناء واجهات سريعة',
  'ما الجديد في Node.js 24؟',
  'الإصدار 0.35 من sharp يجمع pango وHarfBuzz',
  '٣ أخطاء شائعة عند تعلّم SQL (وكيف تتجنبها)',
  'القراءة في عصر الشاشات: هل ما زلنا نقرأ الكتب؟',
  'Hello, world',
  'البرمجة بلغة Rust: دليل عملي للمبتدئين يشرح الملكية والاستعارة والأعمار وكيف تكتب برامج آمنة وسريعة في 2026 مع ١٠ أمثلة كاملة من الواقع ومن المشاريع المفتوحة المصدر',
];

interface Mask {
  width: number;
  height: number;
  ink: Uint8Array;
}

/** The ink of an RGB(A) picture of light text on the dark background, cut to its bounding box. */
async function maskOf(png: Buffer): Promise<Mask> {
  const { data, info } = await sharp(png).flatten({ background: SHARE_CARD_COLOURS.background }).greyscale().raw().toBuffer({
    resolveWithObject: true,
  });
  const background = data[0];
  const isInk = (index: number) => data[index] - background > (255 - background) / 2;
  let [top, left, bottom, right] = [info.height, info.width, -1, -1];
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      if (!isInk(y * info.width + x)) continue;
      [top, left, bottom, right] = [Math.min(top, y), Math.min(left, x), Math.max(bottom, y), Math.max(right, x)];
    }
  }
  const width = right - left + 1;
  const height = bottom - top + 1;
  const ink = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) ink[y * width + x] = isInk((top + y) * info.width + left + x) ? 1 : 0;
  }
  return { width, height, ink };
}

/**
 * The share of the pixels either mask inks that the other has no ink within `tolerance` pixels of, the masks set
 * against each other from their top-right corners.
 */
function differingShare(a: Mask, b: Mask, tolerance = TOLERANCE): number {
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const at = (mask: Mask, x: number, y: number) => {
    const fromRight = mask.width - width + x;
    return fromRight >= 0 && fromRight < mask.width && y >= 0 && y < mask.height ? mask.ink[y * mask.width + fromRight] : 0;
  };
  const near = (mask: Mask, x: number, y: number) => {
    for (let dy = -tolerance; dy <= tolerance; dy += 1)
      for (let dx = -tolerance; dx <= tolerance; dx += 1) if (at(mask, x + dx, y + dy)) return true;
    return false;
  };
  let either = 0;
  let differing = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [inA, inB] = [at(a, x, y), at(b, x, y)];
      if (!inA && !inB) continue;
      either += 1;
      if ((inA && !near(b, x, y)) || (inB && !near(a, x, y))) differing += 1;
    }
  }
  return differing / either;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe.runIf(!onPostgres)(
  'share image titles against Chromium',
  { meta: { skipReason: 'no database: runs once, in the SQLite project' } },
  () => {
    let browser: Browser;
    const font = readFileSync(SHARE_CARD_FONTS.bold).toString('base64');
    const { size, lineHeight, maxLines } = SHARE_CARD_LAYOUT.title;

    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    });

    afterAll(async () => {
      await browser?.close();
    });

    /** `text` as the post page sets a title: a right-to-left paragraph (or `dir`), in the card's font, size and width. */
    async function chromiumTitle(text: string, dir: 'rtl' | 'ltr' = 'rtl'): Promise<{ png: Buffer; lines: number }> {
      const page = await browser.newPage({ viewport: { width: SHARE_CARD_LAYOUT.width, height: 500 } });
      try {
        await page.setContent(`<!doctype html>
<html lang="ar" dir="${dir}"><head><meta charset="utf-8"><style>
@font-face { font-family: Card; src: url(data:font/ttf;base64,${font}) format('truetype'); font-weight: 700; }
body { margin: 0; background: ${SHARE_CARD_COLOURS.background}; }
h1 { margin: 40px; width: ${TITLE_STYLE.width}px; font: 700 ${size}px/${lineHeight}px Card; color: ${SHARE_CARD_COLOURS.title}; text-align: start; }
</style></head><body><h1>${escapeHtml(text)}</h1></body></html>`);
        // The font is loaded before the picture is taken (a string: the backend's types know no DOM).
        await page.evaluate('document.fonts.ready');
        const title = page.locator('h1');
        const box = await title.boundingBox();
        if (!box) throw new Error('the title was not laid out');
        // Around the box: glyphs may ink a little past their advance (a kaf at the line's start does).
        const clip = { x: box.x - 30, y: box.y - 30, width: box.width + 60, height: box.height + 60 };
        return { png: await page.screenshot({ clip }), lines: Math.round(box.height / lineHeight) };
      } finally {
        await page.close();
      }
    }

    const shares: string[] = [];
    afterAll(() => console.log(`share of differing pixels (threshold ${THRESHOLD}):\n${shares.join('\n')}`));

    for (const title of TITLES) {
      it(`draws «${title.slice(0, 40)}» as Chromium lays it out`, async () => {
        const fitted = await fitTitle(title, TITLE_STYLE, maxLines);
        const [card, browserTitle] = await Promise.all([drawTitle(title), chromiumTitle(fitted)]);
        // The title fits its lines: whole, or cut after a word with an ellipsis, and Chromium wraps it the same.
        expect(browserTitle.lines).toBeLessThanOrEqual(maxLines);
        if (fitted !== title) expect(fitted.endsWith(ELLIPSIS) && title.startsWith(fitted.slice(0, -1))).toBe(true);
        const share = differingShare(await maskOf(card.png), await maskOf(browserTitle.png));
        shares.push(`${share.toFixed(3)}  ${fitted}`);
        expect(share).toBeLessThan(THRESHOLD);
      });
    }

    it('cuts the very long title to three lines with an ellipsis', async () => {
      const long = TITLES[TITLES.length - 1];
      const fitted = await fitTitle(long, TITLE_STYLE, maxLines);
      expect(fitted.endsWith(ELLIPSIS)).toBe(true);
      expect((await chromiumTitle(fitted)).lines).toBe(3);
      // One more word would not fit.
      const next = long.split(' ')[fitted.slice(0, -1).split(' ').length];
      expect((await chromiumTitle(`${fitted.slice(0, -1)} ${next}${ELLIPSIS}`)).lines).toBeGreaterThan(3);
    });

    it('tells a reversed title, and a title laid out left to right, from the right one', async () => {
      for (const title of ['البرمجة بلغة Rust: دليل عملي للمبتدئين', 'Rust للمبتدئين', '١٠ نصائح في 2026']) {
        const right = await maskOf((await chromiumTitle(title)).png);
        // Reversed as a renderer without the bidirectional algorithm would store it: the letters in the other order.
        const reversed = await drawText([...title].reverse().join(''), TITLE_STYLE);
        const reversedShare = differingShare(await maskOf(reversed.png), right);
        // The paragraph's direction taken from its first letter: `Rust للمبتدئين` starts with Rust on the left.
        const leftToRight = differingShare(
          await maskOf((await chromiumTitle(title, 'ltr')).png),
          await maskOf((await drawTitle(title)).png),
        );
        shares.push(`${reversedShare.toFixed(3)}  reversed: ${title}`, `${leftToRight.toFixed(3)}  left to right: ${title}`);
        expect(reversedShare).toBeGreaterThan(THRESHOLD);
        // Mixed titles only: a line of Arabic alone reads the same in either paragraph direction, only aligned apart.
        if (/[A-Za-z]/.test(title)) expect(leftToRight).toBeGreaterThan(THRESHOLD);
      }
    });
  },
);

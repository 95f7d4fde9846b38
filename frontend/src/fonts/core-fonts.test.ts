// @vitest-environment node
/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Blob, Buffer as ShapeBuffer, Face, Font, shape } from 'harfbuzzjs';
import subsetFont from 'subset-font';
import { describe, expect, it } from 'vitest';
import { admin } from '@/i18n/admin';
import { ar } from '@/i18n/ar';
import { ARABIC_MONTHS } from '@/i18n/format';
import { codePointsOf, coreFile, SCRIPTS, sourceFile, unicodeRange, WEIGHTS } from './font-subsets';

const here = new URL('.', import.meta.url).pathname;
const fontsource = join(createRequire(import.meta.url).resolve('@fontsource/ibm-plex-sans-arabic/package.json'), '../files');
const css = readFileSync(join(here, 'core.css'), 'utf8');

/** HarfBuzz reads TrueType, not WOFF2: the same font, every glyph kept. */
async function fontOf(path: string): Promise<Font> {
  const truetype = await subsetFont(readFileSync(path), '', { targetFormat: 'truetype', keepAllGlyphs: true });
  return new Font(new Face(new Blob(truetype)));
}

async function codePointsIn(path: string): Promise<number[]> {
  const truetype = await subsetFont(readFileSync(path), '', { targetFormat: 'truetype', keepAllGlyphs: true });
  return [...new Face(new Blob(truetype)).collectUnicodes()];
}

/** Advances and clusters of shaped text: equal when letters join and marks sit the same way in both fonts. */
function shaped(font: Font, text: string) {
  const buffer = new ShapeBuffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  shape(font, buffer);
  return buffer
    .getGlyphPositions()
    .map((position, i) => [buffer.getGlyphInfos()[i].cluster, position.xAdvance, position.xOffset, position.yOffset]);
}

const faces = [...css.matchAll(/font-weight: (\d+);\s+src: url\(\.\/([^)]+)\) format\('woff2'\);\s+unicode-range:\s*([^;]+);/g)].map(
  ([, weight, file, range]) => ({ weight: Number(weight), file, range: range.replace(/\s+/g, '') }),
);

describe('core font subsets (src/fonts, written by `npm run fonts:subset -w frontend`)', () => {
  it('core.css has one face per script and weight, each file holding exactly its unicode-range', async () => {
    expect(faces.map(({ weight, file }) => `${weight} ${file}`)).toEqual(
      WEIGHTS.flatMap((weight) => SCRIPTS.map((script) => `${weight} ${coreFile(script, weight)}`)),
    );
    for (const face of faces) {
      const held = await codePointsIn(join(here, face.file));
      expect(unicodeRange(held), face.file).toBe(face.range);
      expect(codePointsOf(face.range).length, face.file).toBe(held.length);
    }
  });

  it('holds every character the interface writes (public and admin strings, month names)', () => {
    const core = new Set(SCRIPTS.flatMap((script) => codePointsOf(faces.find((face) => face.file === coreFile(script, 400))!.range)));
    const strings = [...Object.values(ar), ...Object.values(admin), ...ARABIC_MONTHS].filter((value) => typeof value === 'string');
    const missing = [...new Set([...strings.join('')].map((char) => char.codePointAt(0)!))]
      .filter((codePoint) => !core.has(codePoint))
      .map((codePoint) => `U+${codePoint.toString(16).toUpperCase()} ${String.fromCodePoint(codePoint)}`);
    expect(missing).toEqual([]);
  });

  it('shapes Arabic as the full font does: joining forms, lam-alef, harakat, Persian letters, digits', async () => {
    const text = 'لا إله إلا الله، مرحبًا بك في مدوّنتي التقنية؟ «گوگل» و«پایتون» ٢٠٢٥ — ﴾قُلْ﴿';
    for (const weight of WEIGHTS) {
      const core = await fontOf(join(here, coreFile('arabic', weight)));
      const full = await fontOf(join(fontsource, sourceFile('arabic', weight)));
      const arabicOnly = text.replace(/[«»—]/g, '');
      expect(shaped(core, arabicOnly), `weight ${weight}`).toEqual(shaped(full, arabicOnly));
    }
  });
});

// `npm run fonts:subset -w frontend`: cuts the core subsets of IBM Plex Sans Arabic out of @fontsource's files (HarfBuzz's
// subsetter, every OpenType layout feature kept, so Arabic letters still join and marks still sit right) into src/fonts/,
// and writes src/fonts/core.css with one @font-face per file whose unicode-range is exactly what the file holds.
// Run it again after upgrading @fontsource/ibm-plex-sans-arabic or changing src/fonts/font-subsets.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Blob, Face } from 'harfbuzzjs';
import { format, resolveConfig } from 'prettier';
import subsetFont from 'subset-font';
import { CORE_CODE_POINTS, coreFile, SCRIPTS, sourceFile, unicodeRange, WEIGHTS } from '../src/fonts/font-subsets.ts';

const require = createRequire(import.meta.url);
const fontsource = join(require.resolve('@fontsource/ibm-plex-sans-arabic/package.json'), '../files');
const out = new URL('../src/fonts/', import.meta.url).pathname;

const faces: string[] = [];
for (const weight of WEIGHTS) {
  for (const script of SCRIPTS) {
    const text = String.fromCodePoint(...CORE_CODE_POINTS[script]);
    const source = readFileSync(join(fontsource, sourceFile(script, weight)));
    const woff2 = await subsetFont(source, text, { targetFormat: 'woff2' });
    // What the subset really holds (the font lacks some of the code points asked for), read back from a TrueType copy.
    const truetype = await subsetFont(source, text, { targetFormat: 'truetype' });
    const held = new Face(new Blob(truetype)).collectUnicodes();
    writeFileSync(join(out, coreFile(script, weight)), woff2);
    faces.push(
      `/* ${script} core, ${weight}: ${held.length} characters, ${woff2.length} bytes (from ${source.length}) */\n` +
        `@font-face {\n  font-family: 'IBM Plex Sans Arabic';\n  font-style: normal;\n  font-display: swap;\n  font-weight: ${weight};\n` +
        `  src: url(./${coreFile(script, weight)}) format('woff2');\n  unicode-range: ${unicodeRange(held)};\n}\n`,
    );
    console.log(`${coreFile(script, weight)}: ${held.length} characters, ${source.length} → ${woff2.length} bytes`);
  }
}
const cssFile = join(out, 'core.css');
const css =
  '/* Written by `npm run fonts:subset -w frontend` (build/subset-fonts.ts) from src/fonts/font-subsets.ts: do not edit. */\n' +
  "/* Imported after @fontsource's faces, so these are tried first for the characters they hold. */\n" +
  faces.join('\n');
writeFileSync(cssFile, await format(css, { ...(await resolveConfig(cssFile)), filepath: cssFile }));

/**
 * The "core" subsets of IBM Plex Sans Arabic: the letters, marks, digits and punctuation of Arabic (with the few
 * Persian letters Arabic writers borrow) and basic Latin, per weight. @fontsource's own files cover far more (Urdu,
 * Sindhi and the presentation forms for Arabic; Latin-1 for Latin) and cost 43 KB (Arabic) and 19 KB (Latin) a weight;
 * the core files cost about 15 and 13 KB, and the preloaded one is on the critical path of every first visit.
 * The core faces are declared after @fontsource's: for a character both cover, the last declared face is tried
 * first (CSS Fonts 4, the unicode-range descriptor), so a page fetches @fontsource's file only for a character outside the core.
 * `npm run fonts:subset -w frontend` writes the files and core.css (build/subset-fonts.ts); docs/decisions/005.
 */
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** In core.css order: Arabic last, so it is tried first for the spaces both hold (a page of Arabic needs one file). */
export const SCRIPTS = ['latin', 'arabic'] as const;
export type CoreScript = (typeof SCRIPTS)[number];
export const WEIGHTS = [400, 700] as const;
export type CoreWeight = (typeof WEIGHTS)[number];

/** The code points asked for; the subset holds those the font has (core.css lists exactly those). */
export const CORE_CODE_POINTS: Record<CoreScript, number[]> = {
  arabic: [
    0x0020, // space and no-break space: between Arabic words, from the same file as the words (the Arabic file has them)
    0x00a0,
    0x060c, // ، comma
    0x061b, // ؛ semicolon
    0x061c, // Arabic letter mark
    0x061f, // ؟ question mark
    ...range(0x0621, 0x063a), // hamza … ghain
    ...range(0x0640, 0x0655), // tatweel, fa … ya, harakat, maddah and hamza above/below
    ...range(0x0660, 0x066d), // Arabic-Indic digits, percent sign, decimal and thousands separators
    0x0670, // superscript alef
    0x0671, // alef wasla
    0x067e, // پ
    0x0686, // چ
    0x0698, // ژ
    0x06a4, // ڤ
    0x06a9, // ک
    0x06af, // گ
    0x06cc, // ی
    ...range(0x200c, 0x200f), // zero-width non-joiner and joiner, LRM, RLM
    0xfd3e, // ﴾
    0xfd3f, // ﴿
  ],
  latin: [
    ...range(0x0020, 0x007e), // ASCII
    0x00a0, // no-break space
    0x00a9, // © (the footer)
    0x00ab, // «
    0x00b7, // · (the meta line's separator)
    0x00bb, // »
    0x00d7, // ×
    0x2013, // – en dash
    0x2014, // — em dash
    0x2018, // ‘
    0x2019, // ’
    0x201c, // “
    0x201d, // ”
    0x2022, // • bullet
    0x2026, // … ellipsis
  ],
};

/** @fontsource's file a core subset is cut from. */
export const sourceFile = (script: CoreScript, weight: CoreWeight) => `ibm-plex-sans-arabic-${script}-${weight}-normal.woff2`;
/** The core subset's file in src/fonts (Vite adds a hash when it builds). */
export const coreFile = (script: CoreScript, weight: CoreWeight) => `ibm-plex-sans-arabic-${script}-core-${weight}.woff2`;

/** CSS unicode-range of a sorted list of code points, e.g. `U+20-7E,U+A0`. */
export function unicodeRange(codePoints: Iterable<number>): string {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j += 1;
    const hex = (n: number) => n.toString(16).toUpperCase();
    parts.push(i === j ? `U+${hex(sorted[i])}` : `U+${hex(sorted[i])}-${hex(sorted[j])}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** The code points of a CSS unicode-range (the inverse of unicodeRange). */
export function codePointsOf(unicodeRangeValue: string): number[] {
  return unicodeRangeValue.split(',').flatMap((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return range(parseInt(from, 16), parseInt(to, 16));
  });
}

import { stripHtml } from './text.js';

/**
 * Minutes to read a post, by what its parts are (docs/decisions/029-headings-code-reading-time.md): Arabic words at
 * the rate Arabic is read, words of other scripts at the rate English is, code by its lines and formulas one by one.
 * One rate for every word made an Arabic post look quicker to read than it is.
 */

/** Silent reading of English non-fiction by adults (Brysbaert 2019); the rate for Latin and every other script. */
export const LATIN_WORDS_PER_MINUTE = 238;
/** The same, scaled by the IReST ratio of Arabic to English words per minute on matched texts (138 / 228). */
export const ARABIC_WORDS_PER_MINUTE = Math.round((LATIN_WORDS_PER_MINUTE * 138) / 228);
/** A line of code is read with care, a few seconds each; blank lines cost nothing. */
export const CODE_LINES_PER_MINUTE = 20;
/** A formula is looked at as a whole: a displayed one longer than one inside a sentence. */
export const SECONDS_PER_BLOCK_FORMULA = 15;
export const SECONDS_PER_INLINE_FORMULA = 5;

const CODE_BLOCK = /<pre\b[^>]*>([\s\S]*?)<\/pre>/gi;
const FORMULA = /<math\b([^>]*)>[\s\S]*?<\/math>/gi;
const ARABIC_LETTER = /\p{Script=Arabic}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** What a piece of HTML holds for a reader: words by script, lines of code, formulas. */
export interface ReadingParts {
  arabicWords: number;
  otherWords: number;
  codeLines: number;
  blockFormulas: number;
  inlineFormulas: number;
}

export function readingParts(html: string): ReadingParts {
  const parts: ReadingParts = { arabicWords: 0, otherWords: 0, codeLines: 0, blockFormulas: 0, inlineFormulas: 0 };
  const prose = html
    .replace(CODE_BLOCK, (_block, code: string) => {
      const lines = code
        .replace(/<br\s*\/?>/gi, '\n')
        .replace(/<[^>]+>/g, '')
        .split('\n');
      parts.codeLines += lines.filter((line) => line.trim() !== '').length;
      return ' ';
    })
    .replace(FORMULA, (_formula, attributes: string) => {
      if (/\bdisplay\s*=\s*["']?block/i.test(attributes)) parts.blockFormulas += 1;
      else parts.inlineFormulas += 1;
      return ' ';
    });
  for (const word of stripHtml(prose).split(' ')) {
    if (ARABIC_LETTER.test(word)) parts.arabicWords += 1;
    else if (LETTER_OR_DIGIT.test(word)) parts.otherWords += 1;
  }
  return parts;
}

/** Seconds to read the parts, at the rates above. */
export function readingSeconds(parts: ReadingParts): number {
  return (
    (parts.arabicWords / ARABIC_WORDS_PER_MINUTE) * 60 +
    (parts.otherWords / LATIN_WORDS_PER_MINUTE) * 60 +
    (parts.codeLines / CODE_LINES_PER_MINUTE) * 60 +
    parts.blockFormulas * SECONDS_PER_BLOCK_FORMULA +
    parts.inlineFormulas * SECONDS_PER_INLINE_FORMULA
  );
}

/** Whole minutes to read some HTML, rounded up: 0 for nothing to read, at least 1 for anything. */
export function readingTime(html: string): number {
  return Math.ceil(readingSeconds(readingParts(html)) / 60);
}

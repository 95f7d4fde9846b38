/**
 * Arabic-aware search normalisation (issue 13), applied identically to the text the search index holds and to a
 * reader's query, so that spellings of one word written differently still meet:
 *  - diacritics (tashkeel, Quranic marks) and tatweel dropped: تَعَلُّم, تـعلم → تعلم;
 *  - alef forms unified: أ إ آ ٱ → ا; final ى → ي; taa marbuta ة → ه (مكتبة / مكتبه); hamza on waw or yaa → ء, as
 *    its seat varies (مسؤول / مسئول); Persian kaf and yeh → Arabic ones;
 *  - Latin text case-folded and its accents dropped (Café → cafe); Arabic-Indic digits equal Latin ones (٢٠٢٤ = 2024).
 * Then light stemming by "word forms": each Arabic word also stands for what is left once common prefixes (the
 * article and attached conjunctions and prepositions: ال و ف ب ك ل لل وال بال فال كال ولل …) or a few suffixes
 * (ات ون ين ه ها) are taken off. The index holds every form of each word; a query word matches a word of a post when
 * one of its forms is among that word's forms. A word that really begins with ب or و (برمجة, وزير) keeps its own
 * form too, so البرمجة, برمجة and وللبرمجة all meet on برمجه, where stripping one canonical stem would not.
 * Minimum lengths keep short words whole (بيان is not ب + يان, which would meet كيان).
 *
 * Pure TypeScript with no imports: shared by the backend and the frontend (the rules package).
 */

/** Raised whenever these rules change the forms they produce: the search index is rebuilt for every post. */
export const SEARCH_RULES_VERSION = 1;

/** A query uses at most this many words (the rest are ignored); a longer word than this is not a word. */
export const MAX_QUERY_WORDS = 10;
export const MAX_WORD_LENGTH = 64;

/** A word of the original text: letters, digits, and the marks and tatweel written inside words. */
const WORD = /[\p{L}\p{M}\p{N}\u0640]+/gu;
const MARKS_AND_TATWEEL = /[\p{M}\u0640]/gu;
const ARABIC_LETTERS_ONLY = /^[\u0621-\u064a]+$/;

/** Letters written in more than one way, after marks are gone (NFKD has already split أ into ا + hamza). */
const LETTER_FOLDS: Record<string, string> = {
  '\u0671': 'ا', // ٱ alef wasla
  ى: 'ي',
  ة: 'ه',
  '\u06cc': 'ي', // Persian yeh
  '\u06a9': 'ك', // Persian kaf
};
const FOLDED_LETTERS = /[\u0671\u0649\u0629\u06cc\u06a9]/g;
/** Hamza on waw or yaa (folded before NFKD, which would split them into the bare seat and a mark). */
const HAMZA_ON_SEAT = /[\u0624\u0626]/g;
/** Arabic-Indic (٠-٩) and Extended Arabic-Indic (۰-۹) digits. */
const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/**
 * Prefixes an Arabic word may carry, with how many letters must be left after taking each off. With the article
 * two are enough (البر → بر); a conjunction alone needs three (وقال → قال, but وقت stays); a preposition needs four,
 * as many words begin with ب ك ل (بيان, كلام stay whole).
 */
const PREFIXES: readonly { prefix: string; rest: number }[] = [
  ...['ال', 'وال', 'فال', 'بال', 'كال', 'لل', 'ولل', 'فلل', 'وبال', 'فبال', 'وكال', 'فكال'].map((prefix) => ({ prefix, rest: 2 })),
  ...['و', 'ف'].map((prefix) => ({ prefix, rest: 3 })),
  ...['ب', 'ك', 'ل', 'وب', 'فب', 'وك', 'فك', 'ول', 'فل'].map((prefix) => ({ prefix, rest: 4 })),
];

/**
 * Suffixes worth taking off for recall: feminine plural (مكتبات), masculine plural (مبرمجون, مبرمجين), taa marbuta
 * and "his"/"her" (مكتبه, كتابها). The dual ان is left alone: too many words end in it (لبنان, إنسان).
 */
const SUFFIXES: readonly { suffix: string; rest: number }[] = [
  { suffix: 'ات', rest: 3 },
  { suffix: 'ون', rest: 4 },
  { suffix: 'ين', rest: 4 },
  { suffix: 'ها', rest: 3 },
  { suffix: 'ه', rest: 3 },
];

/** One word in its searchable spelling (no prefix or suffix taken off); '' when nothing searchable is left. */
export function normalizeWord(word: string): string {
  const folded = word
    .normalize('NFC')
    .replace(HAMZA_ON_SEAT, 'ء')
    .normalize('NFKD')
    .toLowerCase()
    .replace(MARKS_AND_TATWEEL, '')
    .replace(FOLDED_LETTERS, (letter) => LETTER_FOLDS[letter])
    .replace(ARABIC_DIGITS, (digit) => String((digit.charCodeAt(0) - (digit >= '\u06f0' ? 0x06f0 : 0x0660)) % 10));
  // NFKD can turn one character into several words' worth (a ligature with a space); keep letters and digits only.
  const kept = folded.replace(/[^\p{L}\p{N}]/gu, '');
  return kept.length <= MAX_WORD_LENGTH ? kept : '';
}

/** The words of a text as they are written (with their marks), each with where it starts. */
export function wordsOf(text: string): { word: string; index: number }[] {
  return [...text.matchAll(WORD)].map((match) => ({ word: match[0], index: match.index }));
}

/** The normalised words of a text, in order. */
export function searchWords(text: string): string[] {
  return wordsOf(text)
    .map(({ word }) => normalizeWord(word))
    .filter((word) => word !== '');
}

function withoutSuffixes(word: string): string[] {
  return SUFFIXES.filter(({ suffix, rest }) => word.endsWith(suffix) && word.length - suffix.length >= rest).map(({ suffix }) =>
    word.slice(0, -suffix.length),
  );
}

/** Every form of one normalised word: itself, and for an Arabic word what is left without its prefixes or suffixes. */
export function wordForms(word: string): string[] {
  if (!ARABIC_LETTERS_ONLY.test(word)) return word ? [word] : [];
  const stems = [
    word,
    ...PREFIXES.filter(({ prefix, rest }) => word.startsWith(prefix) && word.length - prefix.length >= rest).map(({ prefix }) =>
      word.slice(prefix.length),
    ),
  ];
  return [...new Set(stems.flatMap((stem) => [stem, ...withoutSuffixes(stem)]))];
}

/** How many written words `indexedText` remembers the forms of: about a megabyte at most. */
export const REMEMBERED_WORDS = 10_000;
const formsOfWritten = new Map<string, string>();

/**
 * The forms of one word as written, space-separated ('' when nothing searchable is left), remembered: a text repeats
 * its words and a blog its vocabulary, and normalising a word (two Unicode normalisations and seven replacements)
 * costs far more than a lookup. Rebuilding the index of 30 seeded posts took 54-76 ms, 2-9 ms with this; the whole
 * memory is dropped when full, which keeps it bounded without bookkeeping.
 */
function formsOfWord(written: string): string {
  let forms = formsOfWritten.get(written);
  if (forms === undefined) {
    forms = wordForms(normalizeWord(written)).join(' ');
    if (formsOfWritten.size >= REMEMBERED_WORDS) formsOfWritten.clear();
    formsOfWritten.set(written, forms);
  }
  return forms;
}

/** What the index holds for a text: every form of every word, separated by spaces. */
export function indexedText(text: string): string {
  const forms: string[] = [];
  for (const [written] of text.matchAll(WORD)) {
    const ofWord = formsOfWord(written);
    if (ofWord) forms.push(ofWord);
  }
  return forms.join(' ');
}

/**
 * A reader's query as the index looks for it: one group per word (at most MAX_QUERY_WORDS, repeats dropped), each
 * group the forms of that word. A post matches when every group has a form among its words.
 */
export function queryTerms(query: string): string[][] {
  const words = [...new Set(searchWords(query))].slice(0, MAX_QUERY_WORDS);
  return words.map(wordForms);
}

/** The query's normalised words, one string: two queries that search for the same thing have the same key. */
export function normalizedQueryKey(query: string): string {
  return [...new Set(searchWords(query))].slice(0, MAX_QUERY_WORDS).join(' ');
}

/**
 * Ids for the headings of a post or page, made from their text so that a link to a section reads as what it points
 * at (`#مقدمة-سريعة`) and stays the same across saves and renders while the heading's text does.
 */

/** Tashkeel (harakat, tanwin, shadda, sukun, dagger alef, Quranic marks) and tatweel: they change no word. */
const ARABIC_MARKS_AND_TATWEEL = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u0640]/g;
/** What an id keeps: letters, marks (other scripts need theirs), digits, '_' and '-'. */
const NOT_ID_CHARACTER = /[^\p{L}\p{M}\p{N}_-]+/gu;
/** Long enough for any real heading; an address stays readable. */
export const MAX_HEADING_ID_LENGTH = 80;
/** The id of a heading with no letters or digits (only punctuation, symbols or emoji). */
export const EMPTY_HEADING_ID = 'قسم';

/** A heading's id before it is made unique: tashkeel and tatweel dropped, Latin lower-cased, spaces to hyphens. */
export function headingId(text: string): string {
  const id = text
    .normalize('NFC')
    .replace(ARABIC_MARKS_AND_TATWEEL, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(NOT_ID_CHARACTER, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = Array.from(id).slice(0, MAX_HEADING_ID_LENGTH).join('').replace(/-+$/, '');
  return cut || EMPTY_HEADING_ID;
}

/**
 * The ids of a document's headings, in order: each heading's own, with -2, -3 … for a text met again; never one of
 * `taken` (ids the document already has for other elements, such as footnotes).
 */
export function uniqueHeadingIds(texts: readonly string[], taken: Iterable<string> = []): string[] {
  const used = new Set(taken);
  return texts.map((text) => {
    const base = headingId(text);
    let id = base;
    for (let suffix = 2; used.has(id); suffix += 1) id = `${base}-${suffix}`;
    used.add(id);
    return id;
  });
}

import { normalizeWord, wordForms, wordsOf } from '@mudawwana/rules';

/**
 * Highlighting for search results, the same on both databases: the words of the original text (with their
 * diacritics) whose forms meet the query's are wrapped in <mark>; everything else is HTML-escaped, so the result is
 * safe to insert as HTML.
 */

/** Characters of text around the first match in a snippet. */
export const SNIPPET_LENGTH = 200;
const BEFORE_MATCH = 60;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]);

interface Match {
  index: number;
  end: number;
}

const matches = (word: string, queryForms: ReadonlySet<string>) => wordForms(normalizeWord(word)).some((form) => queryForms.has(form));

/** Where the words matching the query are in `text` (from `from` on, up to `to`). */
function matchesIn(text: string, queryForms: ReadonlySet<string>, from = 0, to = text.length): Match[] {
  return wordsOf(text.slice(from, to))
    .filter(({ word }) => matches(word, queryForms))
    .map(({ word, index }) => ({ index: from + index, end: from + index + word.length }));
}

/** Where the first word matching the query starts (-1: none); stops there rather than reading the whole text. */
function firstMatch(text: string, queryForms: ReadonlySet<string>): number {
  for (const { word, index } of wordsOf(text)) if (matches(word, queryForms)) return index;
  return -1;
}

/** `text[from, to)` escaped, with the matches inside it marked. */
function marked(text: string, from: number, to: number, matches: Match[]): string {
  let html = '';
  let at = from;
  for (const match of matches.filter((m) => m.index >= from && m.end <= to)) {
    html += `${escapeHtml(text.slice(at, match.index))}<mark>${escapeHtml(text.slice(match.index, match.end))}</mark>`;
    at = match.end;
  }
  return html + escapeHtml(text.slice(at, to));
}

/** Every form of every query word, for testing the words of a text against. */
export function formsOf(terms: readonly string[][]): Set<string> {
  return new Set(terms.flat());
}

/** The whole text, escaped, with its matching words marked (titles). */
export function highlight(text: string, queryForms: ReadonlySet<string>): string {
  return marked(text, 0, text.length, matchesIn(text, queryForms));
}

/**
 * About SNIPPET_LENGTH characters of plain text around its first match (its start when nothing in it matches),
 * cut at word boundaries, with … where it was cut.
 */
export function snippet(text: string, queryForms: ReadonlySet<string>): string {
  const first = firstMatch(text, queryForms);
  let from = first > 0 ? Math.max(0, first - BEFORE_MATCH) : 0;
  if (from > 0) {
    const space = text.indexOf(' ', from);
    from = space >= 0 && space < first ? space + 1 : from;
  }
  let to = Math.min(text.length, from + SNIPPET_LENGTH);
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to);
    to = space > from ? space : to;
  }
  return `${from > 0 ? '…' : ''}${marked(text, from, to, matchesIn(text, queryForms, from, to))}${to < text.length ? '…' : ''}`;
}

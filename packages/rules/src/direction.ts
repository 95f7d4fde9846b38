/**
 * Languages, directions and the isolation of text that leaves the page (docs/decisions/028-language-and-dates.md).
 * A post's language is a BCP 47 tag; its direction follows from the tag. A title read outside the page (a mail
 * subject, a feed reader's list, a browser tab) has no `dir` around it: readers' software guesses its direction from
 * its first strong character, which makes `Rust للمبتدئين` a left-to-right line. Titles are sent out marked instead.
 */

export type TextDirection = 'rtl' | 'ltr';

/** The blog's own language: every post is Arabic unless its author says otherwise. */
export const DEFAULT_LANGUAGE = 'ar';

/** Longest language tag accepted (BCP 47 sets no limit; 35 characters hold every registered tag with extensions to spare). */
export const LANGUAGE_TAG_MAX_LENGTH = 35;

/** Languages written right to left, for runtimes without Intl.Locale's text info (Firefox before 2025, older Node). */
export const RTL_LANGUAGES: readonly string[] = ['ar', 'fa', 'he', 'ur', 'ps', 'ckb', 'yi', 'dv', 'sd', 'ug'];

/** Scripts written right to left (ISO 15924), for a tag that names its script (`az-Arab`, `ku-Arab`). */
const RTL_SCRIPTS: readonly string[] = ['Arab', 'Hebr', 'Syrc', 'Thaa', 'Nkoo', 'Adlm', 'Rohg', 'Mand', 'Samr'];

/** The canonical form of a BCP 47 language tag (`EN-us` → `en-US`), or null when it is not one. */
export function canonicalLanguage(tag: string): string | null {
  const trimmed = tag.trim();
  if (!trimmed || trimmed.length > LANGUAGE_TAG_MAX_LENGTH) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(trimmed);
    return canonical ?? null;
  } catch {
    return null;
  }
}

interface LocaleTextInfo {
  getTextInfo?: () => { direction?: string };
  textInfo?: { direction?: string };
}

/** The direction a language is written in: from Intl.Locale's text info where the runtime has it, else from the lists above. */
export function languageDirection(tag: string | null | undefined): TextDirection {
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag || DEFAULT_LANGUAGE);
  } catch {
    return 'rtl';
  }
  const info = locale as unknown as LocaleTextInfo;
  const direction = info.getTextInfo?.().direction ?? info.textInfo?.direction;
  if (direction === 'rtl' || direction === 'ltr') return direction;
  if (locale.script) return RTL_SCRIPTS.includes(locale.script) ? 'rtl' : 'ltr';
  return RTL_LANGUAGES.includes(locale.language) ? 'rtl' : 'ltr';
}

/** Letters of the scripts written right to left (Unicode bidi classes R and AL). */
const RTL_LETTER =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}\p{Script=Mandaic}\p{Script=Samaritan}]/u;
const LETTER = /\p{L}/u;

export const LRI = '\u2066';
export const RLI = '\u2067';
export const FSI = '\u2068';
export const PDI = '\u2069';
export const LRM = '\u200E';
export const RLM = '\u200F';
const ISOLATE_OPENERS = [LRI, RLI, FSI];

/**
 * The direction of a text by its first strong character (rule P2 of the Unicode bidi algorithm, which mail clients,
 * feed readers and `dir="auto"` follow): letters decide, digits and punctuation do not, and text inside isolates is
 * skipped. Null when no character decides (empty, digits only).
 */
export function firstStrongDirection(text: string): TextDirection | null {
  let depth = 0;
  for (const char of text) {
    if (ISOLATE_OPENERS.includes(char)) depth += 1;
    else if (char === PDI) depth = Math.max(0, depth - 1);
    else if (depth > 0) continue;
    else if (char === RLM) return 'rtl';
    else if (char === LRM) return 'ltr';
    else if (RTL_LETTER.test(char)) return 'rtl';
    else if (LETTER.test(char)) return 'ltr';
  }
  return null;
}

/** Text isolated in a given direction (RLI/LRI … PDI), or in its own first-strong direction (FSI … PDI) when unknown. */
export function isolate(text: string, direction?: TextDirection): string {
  if (!text) return text;
  const opener = direction === 'rtl' ? RLI : direction === 'ltr' ? LRI : FSI;
  return `${opener}${text}${PDI}`;
}

/**
 * A title as it leaves the page for a place with no markup (mail subject, feed title, `<title>`, og:title): a mark
 * of the surrounding line's direction first (RLM/LRM, understood by every bidi implementation and by first-strong
 * guessing), then the title isolated in its own language's direction (protects its edges and what follows it, and
 * is default-ignorable, so invisible, where isolates are not supported).
 */
export function titleLeavingPage(title: string, direction: TextDirection, surrounding: TextDirection = direction): string {
  if (!title) return title;
  return `${surrounding === 'rtl' ? RLM : LRM}${isolate(title, direction)}`;
}

/** What titleLeavingPage added, taken off again (a mail's subject read back, a title compared with the stored one). */
export function withoutDirectionMarks(text: string): string {
  return text.replace(/[\u200E\u200F\u2066-\u2069]/g, '');
}

const ARABIC_LETTER = /\p{Script=Arabic}/u;
const ARTICLE = 'ال';

/**
 * The letters an avatar shows for a name. Arabic letters join, so two initials can spell a word ('ليلى الحسن' →
 * 'لا', 'no'): an Arabic name gets one letter, its first word's first letter after the article ال ('الحسن' → 'ح').
 * Names in other scripts keep the usual first-and-last initials ('Ada Lovelace' → 'AL'), the last one only when it is
 * in the same kind of script ('Omar عمر' → 'O').
 */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!;
  if (ARABIC_LETTER.test(first)) {
    const stem = first.startsWith(ARTICLE) && first.length > ARTICLE.length ? first.slice(ARTICLE.length) : first;
    return Array.from(stem)[0]!;
  }
  // A last word in Arabic would join the Latin initial the wrong way round ('Omar عمر' → 'O' alone).
  const last = words.length > 1 && !ARABIC_LETTER.test(words[words.length - 1]!) ? [words[words.length - 1]!] : [];
  const letters = [first, ...last].map((word) => Array.from(word)[0]!);
  return letters.join('').toLocaleUpperCase();
}

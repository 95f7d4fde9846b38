import hljs from 'highlight.js/lib/common';

/**
 * Code blocks highlighted on the server, once per stored page (docs/decisions/029): the reader's browser gets
 * coloured `<span class="hljs-…">` and no highlighter. highlight.js's common set (about 40 languages, aliases
 * such as js, ts, sh and html included) covers what the editor offers and what imports bring.
 */

/** Languages that name plain text: shown as they are, never guessed. */
const PLAIN_LANGUAGES = new Set(['plaintext', 'text', 'plain', 'txt']);

/** Guessing a block's language costs a pass per candidate: only the editor's own languages are tried. */
const GUESSED_LANGUAGES = ['bash', 'css', 'javascript', 'json', 'python', 'sql', 'typescript', 'xml', 'yaml'];

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[char] as string);

/** What a block becomes: its tokens as HTML, and the language it was read in ('plaintext' when none). */
export interface HighlightedCode {
  html: string;
  language: string;
}

/**
 * A block's code in its language when highlight.js knows it, as escaped plain text when it names another (or plain
 * text), guessed among the editor's languages when it names none. A block the highlighter fails on shows plain: a
 * pasted or imported class never takes a page down.
 */
export function highlightCode(code: string, language: string | undefined): HighlightedCode {
  const named = language?.toLowerCase();
  try {
    if (named && PLAIN_LANGUAGES.has(named)) return { html: escapeHtml(code), language: 'plaintext' };
    if (named && hljs.getLanguage(named)) {
      const result = hljs.highlight(code, { language: named, ignoreIllegals: true });
      return { html: result.value, language: named };
    }
    if (named) return { html: escapeHtml(code), language: named };
    const guessed = hljs.highlightAuto(code, GUESSED_LANGUAGES);
    return { html: guessed.value, language: guessed.language ?? 'plaintext' };
  } catch {
    return { html: escapeHtml(code), language: named ?? 'plaintext' };
  }
}

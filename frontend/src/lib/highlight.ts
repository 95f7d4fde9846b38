import hljs from 'highlight.js/lib/core';
import type { LanguageFn } from 'highlight.js';
import { degradeOnFailure } from './degrade';

/**
 * The languages posts are highlighted in, each its own chunk: a page loads only those its code blocks use
 * (docs/decisions/005). The server loads them all before it renders.
 */
const LANGUAGES: Record<string, () => Promise<{ default: LanguageFn }>> = {
  bash: () => import('highlight.js/lib/languages/bash'),
  css: () => import('highlight.js/lib/languages/css'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  python: () => import('highlight.js/lib/languages/python'),
  sql: () => import('highlight.js/lib/languages/sql'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
};
const ALIASES: Record<string, string> = {
  js: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  html: 'xml',
  sh: 'bash',
  shell: 'bash',
};
for (const [alias, languageName] of Object.entries(ALIASES)) hljs.registerAliases(alias, { languageName });

const CODE_BLOCK = /<pre(\s[^>]*)?>\s*<code(\s[^>]*)?>([\s\S]*?)<\/code>\s*<\/pre>/gi;

const languageOf = (codeAttrs: string | undefined) => /class="[^"]*\blanguage-([\w+-]+)/i.exec(codeAttrs ?? '')?.[1]?.toLowerCase();

/** The languages the code blocks of some HTML need: each block's own; all of them for a block that names none (detection). */
export function languagesNeeded(html: string): string[] {
  const needed = new Set<string>();
  for (const [, , codeAttrs] of html.matchAll(CODE_BLOCK)) {
    const language = languageOf(codeAttrs);
    if (!language) return Object.keys(LANGUAGES);
    const name = ALIASES[language] ?? language;
    if (name in LANGUAGES) needed.add(name);
  }
  return [...needed];
}

/** Whether highlightCodeBlocks(html) can run now with every language it needs. */
export function languagesReady(html: string): boolean {
  return languagesNeeded(html).every((name) => hljs.getLanguage(name));
}

/** Fetches and registers languages (by name or alias; all of them when none are given). */
export async function loadLanguages(names: string[] = Object.keys(LANGUAGES)): Promise<void> {
  const missing = [...new Set(names.map((name) => ALIASES[name] ?? name))].filter((name) => name in LANGUAGES && !hljs.getLanguage(name));
  const loaded = await Promise.all(missing.map(async (name) => [name, (await LANGUAGES[name]()).default] as const));
  for (const [name, language] of loaded) hljs.registerLanguage(name, language);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      // A reference past the last code point (&#x110000;) is no character: left as written, not thrown on
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Languages that name plain text: shown as they are, never auto-detected. */
const PLAIN_LANGUAGES = new Set(['plaintext', 'text', 'plain']);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[char] as string);

/** A block's code highlighted: in its language when it is loaded, as plain text when it names another (or plain text), detected when it names none. */
function highlighted(code: string, language: string | undefined): { value: string; language?: string } {
  if (language && hljs.getLanguage(language)) return hljs.highlight(code, { language, ignoreIllegals: true });
  if (language) return { value: escapeHtml(code), language: PLAIN_LANGUAGES.has(language) ? 'plaintext' : language };
  return hljs.highlightAuto(code);
}

/**
 * Syntax-highlights the code blocks of a post's (already sanitised) HTML. Pure string work, so the server and the
 * browser produce the same markup once the same languages are loaded (loadLanguages). Blocks read left-to-right inside the right-to-left page.
 * A language nobody loaded shows its code plain, and a block the highlighter fails on too (logged once per cause):
 * a pasted or imported class never takes the page down.
 */
export function highlightCodeBlocks(html: string): string {
  return html.replace(CODE_BLOCK, (_whole, _preAttrs: string | undefined, codeAttrs: string | undefined, body: string) => {
    const language = languageOf(codeAttrs);
    const code = decodeEntities(body.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]+>/g, ''));
    const result = degradeOnFailure(
      `highlighting ${language ?? 'detected'} code`,
      () => highlighted(code, language),
      () => ({ value: escapeHtml(code), language }),
    );
    const lang = result.language ?? language ?? 'plaintext';
    return `<pre dir="ltr" tabindex="0" data-language="${lang}"><code class="hljs language-${lang}">${result.value}</code></pre>`;
  });
}

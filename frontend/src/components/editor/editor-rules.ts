/** Pure rules used by the rich-text editors (unit tested in editor-rules.test.ts). */

/** Arabic-script blocks: Arabic, Arabic Supplement, Extended-A/B, presentation forms. */
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u0870-\u089F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

export function hasArabicScript(text: string): boolean {
  return ARABIC_SCRIPT.test(text);
}

export type Direction = 'ltr' | 'rtl' | 'auto';

/**
 * SPEC §2: a block with Arabic-script characters that is not already rtl becomes rtl (and right aligned).
 * A direction the author set explicitly (ltr) is respected; only unset/auto blocks are switched.
 */
export function shouldBecomeRtl(text: string, dir: string | null | undefined): boolean {
  if (dir === 'rtl' || dir === 'ltr') return false;
  return hasArabicScript(text);
}

/** Link protocols the full editor accepts (SPEC §5). */
export const ALLOWED_LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel'] as const;

/**
 * Normalises what the author typed into a link href, or null when it is not allowed.
 * 'example.com' becomes 'https://example.com'; javascript:, data:, ftp: ... are refused.
 */
export function normalizeLinkUrl(input: string): string | null {
  const value = input.trim();
  if (!value) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value);
  if (scheme) {
    const protocol = scheme[1].toLowerCase();
    if (!(ALLOWED_LINK_PROTOCOLS as readonly string[]).includes(protocol)) return null;
    if ((protocol === 'http' || protocol === 'https') && !/^https?:\/\/[^\s/]+/i.test(value)) return null;
    if (/\s/.test(value)) return null;
    return value;
  }
  if (value.startsWith('/') || value.startsWith('#')) return /\s/.test(value) ? null : value;
  // a bare host such as example.com/path
  if (/^[^\s/:]+\.[^\s/:]{2,}(\/\S*)?$/.test(value)) return `https://${value}`;
  return null;
}

export function isAllowedLinkUrl(input: string): boolean {
  return normalizeLinkUrl(input) !== null;
}

/** Image sources: http(s), site-relative uploads, or data: images (pasted). */
export function normalizeImageUrl(input: string): string | null {
  const value = input.trim();
  if (!value) return null;
  if (/^https?:\/\/\S+$/i.test(value) || /^\/\S+$/.test(value)) return value;
  return null;
}

/**
 * Table size from two prompts (SPEC §5): not a number means 3; either below 1 aborts (null).
 */
export function parseTableSize(rowsInput: string | null, colsInput: string | null): { rows: number; cols: number } | null {
  if (rowsInput === null || colsInput === null) return null;
  const toNumber = (raw: string) => {
    const n = Number.parseInt(raw.trim(), 10);
    return Number.isNaN(n) ? 3 : n;
  };
  const rows = toNumber(rowsInput);
  const cols = toNumber(colsInput);
  if (rows < 1 || cols < 1) return null;
  return { rows: Math.min(rows, 50), cols: Math.min(cols, 20) };
}

/** HTML for an empty table of the given size (fallback editor). */
export function tableHtml(rows: number, cols: number): string {
  const cells = '<td>&nbsp;</td>'.repeat(cols);
  return `<table><tbody>${`<tr>${cells}</tr>`.repeat(rows)}</tbody></table><p></p>`;
}

/** YouTube video id from the common URL shapes, or null. */
export function youtubeId(url: string): string | null {
  const match = /(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{11})/.exec(url.trim());
  return match ? match[1] : null;
}

/**
 * Pasted HTML without foreign visual styles (SPEC §2): inline style, class, colour/font attributes,
 * <font>, <style>, <meta> and Office namespaced tags are removed; structure (headings, lists, links, tables) stays.
 */
export function cleanPastedHtml(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(style|script|meta|link|title|xml)\b[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<(meta|link)\b[^>]*\/?>/gi, '')
    .replace(/<\/?(font|o:p|span)\b[^>]*>/gi, '')
    .replace(/\s(style|class|color|face|size|bgcolor|background|align|width|height|lang|id)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '');
}

/** Escapes text for inclusion in HTML (fallback editor's link text, image alt). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

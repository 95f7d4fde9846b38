import { ar, type MessageKey } from './ar';
import type { DisplayDigits } from '@mudawwana/rules';
import { ARTICLES, MINUTES, plural, RESULTS } from './plural';

export type { MessageKey } from './ar';

// The public table only: the admin area's strings (./admin.ts) are imported by its own screens, so readers never download them.
const table: Record<string, string> = ar;

/** Looks a label up in the translation table and fills `{name}` placeholders. Unknown keys return the key. */
export function t(key: MessageKey | (string & {}), params?: Record<string, string | number>): string {
  const template = table[key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The read-time line (SPEC §3), public and admin alike: 'دقيقة واحدة للقراءة', 'دقيقتان للقراءة', '3 دقائق للقراءة'. */
export function readTimeLabel(minutes: number, digits?: DisplayDigits): string {
  return t('post.readTime', { time: plural(minutes, MINUTES, digits) });
}

/** A post count as a label: 'مقالة واحدة', 'مقالتان', '3 مقالات', '11 مقالة'. */
export function postCountLabel(count: number, digits?: DisplayDigits): string {
  return plural(count, ARTICLES, digits);
}

/** A count of search results: 'نتيجة واحدة', 'نتيجتان', '3 نتائج', '11 نتيجة'. */
export function resultCountLabel(count: number, digits?: DisplayDigits): string {
  return plural(count, RESULTS, digits);
}

export { formatDate, formatDay, INVALID_DATE } from './format';
export type { MessageKey as TranslationKey };

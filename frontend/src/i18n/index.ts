import { adminMessages } from './admin';
import { ar, type MessageKey } from './ar';

export type { MessageKey } from './ar';

const table: Record<string, string> = { ...ar, ...adminMessages };

/** Looks a label up in the translation table and fills `{name}` placeholders. Unknown keys return the key. */
export function t(key: MessageKey | (string & {}), params?: Record<string, string | number>): string {
  const template = table[key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The read-time line (SPEC §3): 5 when missing, the 'one minute' wording for 1, Arabic plural forms otherwise. */
export function readTimeLabel(minutes: number): string {
  if (minutes === 1) return t('post.readTimeOne');
  if (minutes === 2) return t('post.readTimeTwo');
  if (minutes >= 3 && minutes <= 10) return t('post.readTime', { minutes });
  return t('post.readTimeMany', { minutes });
}

export { formatDate, formatDay, INVALID_DATE } from './format';
export type { MessageKey as TranslationKey };

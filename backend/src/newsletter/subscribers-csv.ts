import type { SubscriberDto } from './newsletter.dto';

const COLUMNS = ['email', 'status', 'createdAt', 'confirmedAt', 'unsubscribedAt'] as const;

/**
 * One field of RFC 4180 CSV. A value a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe: an address is chosen by whoever subscribes, and the author opens the file in a spreadsheet.
 */
export function csvField(value: string | null): string {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** With a byte order mark, so spreadsheets read the file as UTF-8; CRLF line ends as RFC 4180 asks. */
export function subscribersCsv(subscribers: SubscriberDto[]): string {
  const lines = [COLUMNS.join(','), ...subscribers.map((subscriber) => COLUMNS.map((column) => csvField(subscriber[column])).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

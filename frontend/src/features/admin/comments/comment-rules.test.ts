import { describe, expect, it } from 'vitest';
import { admin as t } from '@/i18n/admin';
import {
  blocklistFromText,
  blocklistProblem,
  blocklistToText,
  holdReasonLabel,
  listParams,
  parseMaxLinks,
  relativeTime,
  replyProblem,
  settingsChanged,
  settingsFormFrom,
  settingsPayload,
  settingsProblems,
  tabFrom,
} from './comment-rules';

describe('comment blocklist textarea', () => {
  it('reads one word a line: trimmed, blank lines and repeats dropped, order kept', () => {
    expect(blocklistFromText('كازينو\n\n  قمار  \r\nكازينو\n   \nرهان  رياضي')).toEqual(['كازينو', 'قمار', 'رهان رياضي']);
    expect(blocklistFromText('')).toEqual([]);
    expect(blocklistFromText('\n \n')).toEqual([]);
  });
  it('writes the list one word a line, and reads it back the same', () => {
    const list = ['كازينو', 'قمار', 'casino'];
    expect(blocklistToText(list)).toBe('كازينو\nقمار\ncasino');
    expect(blocklistFromText(blocklistToText(list))).toEqual(list);
    expect(blocklistToText([])).toBe('');
  });
  it('refuses more than 500 words, or a word longer than 64 characters', () => {
    expect(blocklistProblem('كازينو\nقمار')).toBeNull();
    const many = Array.from({ length: 501 }, (_, i) => `word${i}`).join('\n');
    expect(blocklistProblem(many)).toBe(t.blocklistTooMany(500));
    // repeats do not count
    expect(blocklistProblem(`${Array.from({ length: 500 }, (_, i) => `word${i}`).join('\n')}\nword1`)).toBeNull();
    const long = 'ك'.repeat(65);
    expect(blocklistProblem(`قمار\n${long}`)).toBe(t.blocklistTooLong(64, long));
    expect(blocklistProblem('ك'.repeat(64))).toBeNull();
  });
});

describe('comment settings form', () => {
  const saved = { enabled: true, moderation: 'hold-first' as const, maxLinks: 2, blocklist: ['كازينو'] };

  it('reads the settings and sends them back as they were', () => {
    const form = settingsFormFrom(saved);
    expect(form).toEqual({ enabled: true, moderation: 'hold-first', maxLinks: '2', blocklist: 'كازينو' });
    expect(settingsPayload(form)).toEqual(saved);
  });
  it('takes a link limit of 0 to 50, whole numbers only', () => {
    expect(parseMaxLinks('0')).toBe(0);
    expect(parseMaxLinks(' 50 ')).toBe(50);
    for (const bad of ['', '51', '-1', '2.5', 'abc', '1e1']) expect(parseMaxLinks(bad)).toBeNull();
    expect(settingsProblems({ ...settingsFormFrom(saved), maxLinks: '51' })).toEqual({ maxLinks: t.maxLinksInvalid });
    expect(settingsProblems(settingsFormFrom(saved))).toEqual({});
  });
  it('counts as changed only what saving would change', () => {
    const form = settingsFormFrom(saved);
    expect(settingsChanged({ ...form, blocklist: 'كازينو\n\n' }, form)).toBe(false);
    expect(settingsChanged({ ...form, blocklist: 'كازينو\nقمار' }, form)).toBe(true);
    expect(settingsChanged({ ...form, moderation: 'hold-all' }, form)).toBe(true);
    expect(settingsChanged({ ...form, enabled: false }, form)).toBe(true);
    expect(settingsChanged({ ...form, maxLinks: '3' }, form)).toBe(true);
  });
});

describe('comment rows', () => {
  it('names each hold reason in Arabic', () => {
    expect(holdReasonLabel('first-comment')).toBe('بانتظار الموافقة الأولى');
    expect(holdReasonLabel('blocklist')).toBe('كلمة محظورة');
    expect(holdReasonLabel('links')).toBe('روابط كثيرة');
    expect(holdReasonLabel('moderation')).toBe('كل التعليقات تُراجع');
    expect(holdReasonLabel(null)).toBeNull();
  });
  it('says how long ago, with the noun in the form its number asks for', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const ago = (ms: number) => relativeTime(new Date(now.getTime() - ms).toISOString(), now);
    const minute = 60_000;
    const hour = 60 * minute;
    const day = 24 * hour;
    expect(ago(10_000)).toBe('الآن');
    expect(ago(-30_000)).toBe('الآن');
    expect(ago(minute)).toBe('منذ دقيقة');
    expect(ago(2 * minute)).toBe('منذ دقيقتين');
    expect(ago(3 * minute)).toBe('منذ 3 دقائق');
    expect(ago(11 * minute)).toBe('منذ 11 دقيقة');
    expect(ago(hour)).toBe('منذ ساعة');
    expect(ago(2 * hour)).toBe('منذ ساعتين');
    expect(ago(5 * hour)).toBe('منذ 5 ساعات');
    expect(ago(day)).toBe('منذ يوم');
    expect(ago(2 * day)).toBe('منذ يومين');
    expect(ago(7 * day)).toBe('منذ 7 أيام');
    expect(ago(11 * day)).toBe('منذ 11 يومًا');
    expect(relativeTime('2026-09-01T09:00:00Z', now)).toBe('1 سبتمبر 2026');
  });
  it('wants a reply of two characters at least', () => {
    expect(replyProblem(' ش ')).toBe(t.replyTooShort);
    expect(replyProblem('شكرًا')).toBeNull();
  });
});

describe('comment list', () => {
  it('opens on the comments waiting for the author, or the tab in the address', () => {
    expect(tabFrom(null)).toBe('pending');
    expect(tabFrom('spam')).toBe('spam');
    expect(tabFrom('all')).toBe('all');
    expect(tabFrom('nonsense')).toBe('pending');
  });
  it('asks for the tab state, the search and the page', () => {
    expect(listParams('pending', '', 1)).toEqual({ page: 1, status: 'pending' });
    expect(listParams('all', '  كازينو ', 2)).toEqual({ page: 2, q: 'كازينو' });
  });
});

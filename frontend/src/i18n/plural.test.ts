import { describe, expect, it } from 'vitest';
import { admin } from './admin';
import { postCountLabel, readTimeLabel, resultCountLabel } from './index';
import { ARTICLES, MAILS, MINUTES, plural, RESULTS_AFTER_MIN, SUBSCRIBERS } from './plural';

describe('Arabic number agreement (Intl.PluralRules ar)', () => {
  it.each([
    [0, 'لا مقالات', 'أقل من دقيقة'],
    [1, 'مقالة واحدة', 'دقيقة واحدة'],
    [2, 'مقالتان', 'دقيقتان'],
    [3, '3 مقالات', '3 دقائق'],
    [10, '10 مقالات', '10 دقائق'],
    [11, '11 مقالة', '11 دقيقة'],
    [15, '15 مقالة', '15 دقيقة'],
    [99, '99 مقالة', '99 دقيقة'],
    [100, '100 مقالة', '100 دقيقة'],
    [102, '102 مقالة', '102 دقيقة'],
    [103, '103 مقالات', '103 دقائق'],
    [111, '111 مقالة', '111 دقيقة'],
  ])('%i → %s, %s', (count, articles, minutes) => {
    expect(plural(count, ARTICLES)).toBe(articles);
    expect(plural(count, MINUTES)).toBe(minutes);
  });

  it('words the post counts and read times of every screen', () => {
    expect(postCountLabel(4)).toBe('4 مقالات');
    expect(readTimeLabel(1)).toBe('دقيقة واحدة للقراءة');
    expect(readTimeLabel(2)).toBe('دقيقتان للقراءة');
    expect(readTimeLabel(5)).toBe('5 دقائق للقراءة');
    expect(readTimeLabel(15)).toBe('15 دقيقة للقراءة');
  });

  it("puts results in the genitive after 'من' in the admin's pagination caption", () => {
    expect(plural(2, RESULTS_AFTER_MIN)).toBe('نتيجتين');
    expect(admin.showingResults(1, 10, 12)).toBe('عرض 1 إلى 10 من 12 نتيجة');
    expect(admin.showingResults(101, 105, 105)).toBe('عرض 101 إلى 105 من 105 نتائج');
  });

  it('words the count of search results', () => {
    expect([0, 1, 2, 3, 11, 100].map((count) => resultCountLabel(count))).toEqual([
      'لا نتائج',
      'نتيجة واحدة',
      'نتيجتان',
      '3 نتائج',
      '11 نتيجة',
      '100 نتيجة',
    ]);
  });

  it('writes the count in Arabic-Indic digits when the date setting asks for them', () => {
    expect(resultCountLabel(3, 'arab')).toBe('٣ نتائج');
    expect(resultCountLabel(11, 'arab')).toBe('١١ نتيجة');
  });

  it.each([
    [0, 'لا مشتركين', 'لا رسائل'],
    [1, 'مشترك واحد', 'رسالة واحدة'],
    [2, 'مشتركان', 'رسالتان'],
    [7, '7 مشتركين', '7 رسائل'],
    [25, '25 مشتركًا', '25 رسالة'],
    [100, '100 مشترك', '100 رسالة'],
  ])('newsletter counts: %i → %s, %s', (count, subscribers, mails) => {
    expect(plural(count, SUBSCRIBERS)).toBe(subscribers);
    expect(plural(count, MAILS)).toBe(mails);
    expect(admin.sendSent(count)).toBe(`أُرسلت: ${mails}`);
  });
});

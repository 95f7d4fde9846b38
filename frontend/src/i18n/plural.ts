import { formatNumber, type DisplayDigits } from '@mudawwana/rules';

/**
 * Arabic number agreement: the one place the UI turns a count and a noun into words. The category of a count comes
 * from Intl.PluralRules('ar') (CLDR): 0 zero, 1 one, 2 two, 3–10 few (and 103–110 …), 11–99 many, 100–102 other.
 * The noun agrees with each category: 'مقالة واحدة', 'مقالتان', '3 مقالات', '11 مقالة', '100 مقالة'.
 * Server and browser both use the full ICU data of Node and the browser, so the rendered HTML matches.
 */

/** One template per plural category; `{count}` is replaced by the number, in the digits asked for (Western unless told). */
export type PluralForms = Readonly<Record<Intl.LDMLPluralRule, string>>;

const arabic = new Intl.PluralRules('ar');

/** The count in words with the noun in the form Arabic grammar asks for. */
export function plural(count: number, forms: PluralForms, digits: DisplayDigits = 'latn'): string {
  return forms[arabic.select(count)].replace('{count}', formatNumber(count, digits));
}

/** Posts (category tiles, category pages): nominative, as a label on its own. */
export const ARTICLES: PluralForms = {
  zero: 'لا مقالات',
  one: 'مقالة واحدة',
  two: 'مقالتان',
  few: '{count} مقالات',
  many: '{count} مقالة',
  other: '{count} مقالة',
};

/** Comments, nominative, as a label on its own (the admin's counts; a post's says «لا تعليقات بعد» for none): 'تعليق واحد', 'تعليقان', '3 تعليقات', '11 تعليقًا'. */
export const COMMENTS: PluralForms = {
  zero: 'لا تعليقات',
  one: 'تعليق واحد',
  two: 'تعليقان',
  few: '{count} تعليقات',
  many: '{count} تعليقًا',
  other: '{count} تعليق',
};

/** Selected posts in the dashboard: 'حُدد مقالان', accusative after a verb is avoided by using it as a label. */
export const SELECTED_ARTICLES: PluralForms = {
  zero: 'لا مقالات محددة',
  one: 'مقالة واحدة محددة',
  two: 'مقالتان محددتان',
  few: '{count} مقالات محددة',
  many: '{count} مقالة محددة',
  other: '{count} مقالة محددة',
};

/** Minutes (read time): nominative. */
export const MINUTES: PluralForms = {
  zero: 'أقل من دقيقة',
  one: 'دقيقة واحدة',
  two: 'دقيقتان',
  few: '{count} دقائق',
  many: '{count} دقيقة',
  other: '{count} دقيقة',
};

/** Results, after the preposition 'من' (genitive: 'من نتيجتين'), for the admin's 'عرض X إلى Y من Z نتيجة'. */
export const RESULTS_AFTER_MIN: PluralForms = {
  zero: '0 نتيجة',
  one: 'نتيجة واحدة',
  two: 'نتيجتين',
  few: '{count} نتائج',
  many: '{count} نتيجة',
  other: '{count} نتيجة',
};

/** Search results (the search page): nominative, as a label on its own. */
export const RESULTS: PluralForms = {
  zero: 'لا نتائج',
  one: 'نتيجة واحدة',
  two: 'نتيجتان',
  few: '{count} نتائج',
  many: '{count} نتيجة',
  other: '{count} نتيجة',
};

/** Subscribers, nominative, as a label on its own: 'مشترك واحد', 'مشتركان', '3 مشتركين', '11 مشتركًا'. */
export const SUBSCRIBERS: PluralForms = {
  zero: 'لا مشتركين',
  one: 'مشترك واحد',
  two: 'مشتركان',
  few: '{count} مشتركين',
  many: '{count} مشتركًا',
  other: '{count} مشترك',
};

/** Mails (a newsletter send's progress), nominative: 'رسالة واحدة', 'رسالتان', '3 رسائل', '11 رسالة'. */
export const MAILS: PluralForms = {
  zero: 'لا رسائل',
  one: 'رسالة واحدة',
  two: 'رسالتان',
  few: '{count} رسائل',
  many: '{count} رسالة',
  other: '{count} رسالة',
};

/** Seconds after 'بعد' (genitive: 'بعد ثانيتين', 'بعد 3 ثوانٍ'), for how long to wait before trying again. */
export const SECONDS_AFTER: PluralForms = {
  zero: 'لحظات',
  one: 'ثانية واحدة',
  two: 'ثانيتين',
  few: '{count} ثوانٍ',
  many: '{count} ثانية',
  other: '{count} ثانية',
};

/** Minutes after 'بعد' (genitive: 'بعد دقيقتين', 'بعد 15 دقيقة'). */
export const MINUTES_AFTER: PluralForms = {
  zero: 'لحظات',
  one: 'دقيقة واحدة',
  two: 'دقيقتين',
  few: '{count} دقائق',
  many: '{count} دقيقة',
  other: '{count} دقيقة',
};

import { plural, type PluralForms } from '@/i18n/plural';

/** Comments, nominative, as a label on its own: 'تعليق واحد', 'تعليقان', '3 تعليقات', '11 تعليقًا', '100 تعليق'. */
export const COMMENTS: PluralForms = {
  zero: 'لا تعليقات بعد',
  one: 'تعليق واحد',
  two: 'تعليقان',
  few: '{count} تعليقات',
  many: '{count} تعليقًا',
  other: '{count} تعليق',
};

/** A post's comment count in words (the heading of its comments, the label of a card's count). */
export const commentCountLabel = (count: number): string => plural(count, COMMENTS);

import type { DisplayDigits } from '@mudawwana/rules';
import { COMMENTS, plural, type PluralForms } from '@/i18n/plural';

/** A post's comments: 'لا تعليقات بعد', 'تعليق واحد', 'تعليقان', '3 تعليقات', '11 تعليقًا', '100 تعليق'. */
const POST_COMMENTS: PluralForms = { ...COMMENTS, zero: 'لا تعليقات بعد' };

/** A post's comment count in words (the heading of its comments, the label of a card's count). */
export const commentCountLabel = (count: number, digits?: DisplayDigits): string => plural(count, POST_COMMENTS, digits);

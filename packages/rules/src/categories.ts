/** The five categories of the header menu (SPEC §2): created on a blog's first start, always linked from the header. */
export const HEADER_CATEGORIES = [
  { name: 'التسويق', slug: 'marketing' },
  { name: 'الذكاء الاصطناعي', slug: 'artificial-intelligence' },
  { name: 'ريادة الأعمال', slug: 'entrepreneurship' },
  { name: 'الإنسانيات', slug: 'humanities' },
  { name: 'العمل والحياة', slug: 'work-life' },
] as const;

/**
 * What readers search for in the benches (issue 13), from the most common words (every post has them: the whole blog
 * matches) to a title's words and a word no post has. Shared by scripts/bench.mjs (over HTTP) and
 * scripts/bench-search.mjs (in process).
 */
export const SEARCH_QUERIES = [
  'في',
  'الشيفرة',
  'والصيانة',
  'المشروع',
  'NestJS',
  'react server components',
  'دليلك PostgreSQL',
  'الفهارس',
  'التوثيق الرسمي',
  'اختبارات المتصفح',
  'docker للمبتدئين',
  'تسويق',
  'الذكاء الاصطناعي',
  'بالذكاء',
  'المبرمجين',
  'ريادة الأعمال',
  'typescript الشرطية',
  'مثال عملي',
  'كلمة غير موجودة',
  '٢٠٢٤',
];

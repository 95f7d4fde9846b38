import { generateExcerpt, readingTime, slugify } from '@mudawwana/rules';
import { Post } from '../../posts/post.entity';

/** Realistic demo posts: Arabic prose mixed with English technical terms, code, tags and dates over several years. */

const TOPICS = [
  { title: 'كيف تبني واجهة برمجية سريعة باستخدام NestJS', tags: ['NestJS', 'Node.js', 'API'], term: 'NestJS' },
  { title: 'مقدمة عملية إلى React Server Components', tags: ['React', 'JavaScript'], term: 'React' },
  { title: 'الذكاء الاصطناعي في كتابة الشيفرة: مساعد أم بديل؟', tags: ['AI', 'برمجة'], term: 'LLM' },
  { title: 'دليلك إلى PostgreSQL: الفهارس وخطط التنفيذ', tags: ['PostgreSQL', 'قواعد البيانات'], term: 'PostgreSQL' },
  { title: 'تصميم الواجهات من اليمين إلى اليسار بلا أخطاء', tags: ['CSS', 'RTL', 'تصميم'], term: 'CSS logical properties' },
  { title: 'كيف تسوّق لمنتجك التقني الأول', tags: ['تسويق', 'SaaS'], term: 'SEO' },
  { title: 'من فكرة إلى شركة ناشئة: دروس السنة الأولى', tags: ['ريادة الأعمال'], term: 'MVP' },
  { title: 'التوازن بين العمل عن بعد والحياة', tags: ['العمل عن بعد', 'إنتاجية'], term: 'Slack' },
  { title: 'TypeScript المتقدم: الأنواع الشرطية بالأمثلة', tags: ['TypeScript'], term: 'TypeScript' },
  { title: 'لماذا نقرأ الفلسفة نحن المبرمجين؟', tags: ['إنسانيات', 'قراءة'], term: 'Open Source' },
  { title: 'اختبارات المتصفح باستخدام Playwright', tags: ['Testing', 'Playwright'], term: 'Playwright' },
  { title: 'Docker للمبتدئين: حاويتك الأولى خطوة بخطوة', tags: ['Docker', 'DevOps'], term: 'Docker' },
];

const PARAGRAPHS = [
  'في هذا المقال نستعرض الفكرة من أساسها، ثم ننتقل إلى التطبيق العملي خطوة بخطوة. سنستخدم {term} لأنه يوفّر بنية واضحة ويجعل الشيفرة سهلة القراءة والصيانة على المدى الطويل.',
  'كثيرًا ما يسألني القرّاء عن أفضل طريقة للبدء. الجواب المختصر: ابدأ بمشروع صغير حقيقي، واكتب اختبارات منذ اليوم الأول، ولا تخشَ إعادة كتابة ما لا يعجبك. هذه النصيحة تنطبق على {term} وعلى غيره.',
  'من الأخطاء الشائعة الاعتماد على الإعدادات الافتراضية دون فهمها. خذ وقتك في قراءة التوثيق الرسمي، وجرّب كل خيار على حدة، وقِس الأداء قبل التحسين وبعده.',
  'عندما يكبر المشروع تظهر الحاجة إلى تقسيم الشيفرة إلى وحدات صغيرة لكل منها مسؤولية واحدة. هنا يبرز دور {term} في تنظيم العمل بين أعضاء الفريق.',
  'لا توجد أداة مثالية لكل الحالات. المهم أن تعرف متى تستخدم {term} ومتى تختار بديلًا أبسط، وأن تكتب قرارك وأسبابه حتى يفهمه من يأتي بعدك.',
  'في الختام، التجربة هي المعلّم الأفضل. جرّب الأمثلة في هذا المقال، وشاركني ملاحظاتك وأسئلتك، وسأحاول الإجابة عنها في مقال قادم.',
];

const CODE = `<pre><code class="language-ts">export async function fetchPosts(limit = 10) {
  const response = await fetch(\`/api/posts?published=true&amp;limit=\${limit}\`);
  return response.json();
}</code></pre>`;

/** A small deterministic random generator, so a seeded demo is the same every time. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

export function samplePosts(count: number, categoryIds: number[], authorId: number | null, seed = 42): Partial<Post>[] {
  const next = random(seed);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
  const start = Date.UTC(2020, 0, 1);
  const span = Date.now() - start;
  return Array.from({ length: count }, (_, index) => {
    const topic = TOPICS[index % TOPICS.length];
    const round = Math.floor(index / TOPICS.length);
    const title = round === 0 ? topic.title : `${topic.title} (${round + 1})`;
    const paragraphs = Array.from(
      { length: 4 + Math.floor(next() * 5) },
      () => `<p>${pick(PARAGRAPHS).replaceAll('{term}', topic.term)}</p>`,
    );
    paragraphs.splice(2, 0, `<h2>مثال عملي على ${topic.term}</h2>`, CODE);
    const content = paragraphs.join('\n');
    const createdAt = new Date(start + Math.floor(((index + 1) / count) * span * 0.98));
    return {
      title,
      slug: slugify(title),
      content,
      excerpt: generateExcerpt(content),
      readTime: Math.max(1, readingTime(content)),
      tags: topic.tags,
      categoryId: categoryIds.length ? pick(categoryIds) : null,
      authorId,
      published: true,
      featured: false,
      createdAt,
      updatedAt: createdAt,
      metaTitle: null,
      metaDescription: null,
      featuredImage: null,
    };
  });
}

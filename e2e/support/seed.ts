import type { APIRequestContext } from '@playwright/test';

export const AUTHOR = { username: 'author', email: 'author@example.com', password: 'secret123', name: 'كاتب المدونة' };

export interface SeededPost {
  id: number;
  slug: string;
  title: string;
}

export interface SeedResult {
  categories: Record<string, { id: number; slug: string; name: string }>;
  posts: Record<'oldest' | 'middle' | 'newest' | 'code' | 'draft' | 'noCategory', SeededPost>;
  pageSlug: string;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Registers the author (first account) or logs in; the request context keeps the session cookie. */
export async function signIn(api: APIRequestContext): Promise<void> {
  const login = await api.post('/api/login', { data: { username: AUTHOR.username, password: AUTHOR.password } });
  if (login.ok()) return;
  await ok(await api.post('/api/register', { data: AUTHOR }), 'register');
}

async function createPost(api: APIRequestContext, data: Record<string, unknown>): Promise<SeededPost> {
  return ok<SeededPost>(await api.post('/api/posts', { data }), `create post ${String(data.title)}`);
}

export const CODE_POST_HTML = [
  '<p>في هذا المقال نشرح كيف نكتب دالة بلغة <code>TypeScript</code> تعيد مجموع عددين، وكيف نستعمل React مع Vite.</p>',
  '<pre><code class="language-ts">function sum(a: number, b: number): number {\n  return a + b; // الجمع\n}</code></pre>',
  '<p>This paragraph is entirely in English and should read left to right.</p>',
  '<p>نستخدم مكتبة React 19 مع Chakra UI v3 لبناء واجهة عربية من اليمين إلى اليسار.</p>',
  '<h2>لماذا الأنواع؟</h2><p>الأنواع توثّق ما تنتظره الدالة وما تعيده.</p>',
  '<h3>قاعدة صغيرة</h3><blockquote><p>الشيفرة الواضحة تُقرأ أكثر مما تُكتب، و<em>الوضوح</em> أولًا.</p></blockquote>',
  '<table><tbody><tr><th>النوع</th><th>مثال</th></tr><tr><td>number</td><td>42</td></tr><tr><td>string</td><td>مرحبا</td></tr></tbody></table>',
].join('');

/** A small blog: categories, published posts at known dates, one draft, a featured post, an image and a static page. */
export async function seedBlog(api: APIRequestContext, options: { image?: Buffer } = {}): Promise<SeedResult> {
  await signIn(api);
  const categories: SeedResult['categories'] = {};
  for (const [name, slug] of [
    ['الذكاء الاصطناعي', 'artificial-intelligence'],
    ['التسويق', 'marketing'],
    ['العلوم الإنسانية', 'humanities'],
    ['JavaScript', 'javascript'],
  ] as const) {
    // The database may start with the five header categories; create only the missing ones.
    const existing = (await ok<{ id: number; slug: string; name: string }[]>(await api.get('/api/categories'), 'categories')).find(
      (c) => c.slug === slug,
    );
    categories[slug] = existing ?? (await ok(await api.post('/api/categories', { data: { name, slug } }), `category ${slug}`));
  }
  let featuredImage: string | undefined;
  if (options.image) {
    const uploaded = await ok<{ url: string }>(
      await api.post('/api/upload', { multipart: { image: { name: 'cover.png', mimeType: 'image/png', buffer: options.image } } }),
      'upload',
    );
    featuredImage = uploaded.url;
  }
  const ai = categories['artificial-intelligence'].id;
  const paragraphs = (n: number) =>
    Array.from(
      { length: n },
      (_, i) => `<p>فقرة رقم ${i + 1} من مقال تجريبي عن الذكاء الاصطناعي والتعلم الآلي وتطبيقاته في حياتنا اليومية.</p>`,
    ).join('');
  const oldest = await createPost(api, {
    title: 'أقدم مقال في المدونة',
    slug: 'oldest-post',
    content: paragraphs(3),
    excerpt: 'مقتطف المقال الأقدم.',
    categoryId: ai,
    published: true,
    createdAt: '2025-01-05T09:07:00.000Z',
    tags: ['تاريخ', 'بداية'],
  });
  const middle = await createPost(api, {
    title: 'مقال عن التسويق الرقمي',
    slug: 'digital-marketing',
    content: paragraphs(40),
    excerpt: 'كيف تبني جمهورك على الإنترنت خطوة بخطوة.',
    categoryId: categories.marketing.id,
    published: true,
    createdAt: '2025-06-15T18:30:00.000Z',
    featuredImage,
  });
  const code = await createPost(api, {
    title: 'كتابة دوال TypeScript بوضوح',
    slug: 'typescript-functions',
    content: CODE_POST_HTML,
    excerpt: 'مثال برمجي مع تلوين الشيفرة.',
    categoryId: categories.javascript.id,
    published: true,
    createdAt: '2025-09-01T08:00:00.000Z',
    tags: ['TypeScript', 'برمجة'],
    metaDescription: 'شرح عملي لكتابة دوال TypeScript مع أمثلة ملوّنة.',
  });
  const noCategory = await createPost(api, {
    title: 'خواطر بلا تصنيف',
    slug: 'خواطر-بلا-تصنيف',
    content: '<p>نص قصير.</p>',
    published: true,
    createdAt: '2025-10-10T10:00:00.000Z',
  });
  const newest = await createPost(api, {
    title: 'أحدث مقال: مستقبل الذكاء الاصطناعي',
    slug: 'future-of-ai',
    content: paragraphs(8),
    excerpt: 'نظرة على ما ينتظرنا في السنوات القادمة.',
    categoryId: ai,
    published: true,
    createdAt: '2025-11-20T20:34:00.000Z',
    featuredImage,
    tags: ['ذكاء اصطناعي'],
  });
  const draft = await createPost(api, {
    title: 'مسودة سرية لا تظهر للقراء',
    slug: 'secret-draft',
    content: '<p>هذه مسودة.</p>',
    categoryId: ai,
    published: false,
    createdAt: '2025-11-21T10:00:00.000Z',
  });
  await ok(await api.put(`/api/posts/${newest.id}/featured`), 'set featured');
  const page = await ok<{ slug: string }>(
    await api.post('/api/pages', {
      data: { title: 'سياسة الخصوصية', slug: 'privacy', content: '<p>نحترم خصوصيتك ولا نشارك بياناتك مع أي طرف.</p>' },
    }),
    'page',
  );
  await ok(
    await api.put('/api/social-links', {
      data: { twitter: 'mudawwana', linkedin: 'https://linkedin.com/in/mudawwana', instagram: '', snapchat: '' },
    }),
    'social links',
  );
  await footerShows(api, [newest.title, 'https://twitter.com/mudawwana']);
  return { categories, posts: { oldest, middle, newest, code, draft, noCategory }, pageSlug: page.slug };
}

/**
 * Waits until the footer served in pages shows every one of `texts`. The footer is one fragment composed into every
 * page, and after a change the one before it is served until its rebuild is stored (backend/src/site/footer-fragment.ts):
 * a test that opens a page right after the seed could otherwise get the footer of the blog before it, and keep it,
 * since a page hydrates with the data it was rendered from.
 */
export async function footerShows(api: APIRequestContext, texts: string[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let footer = '';
  while (Date.now() < deadline) {
    const html = await (await api.get('/')).text();
    footer = html.slice(html.indexOf('data-testid="site-footer"'));
    if (texts.every((text) => footer.includes(text))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the footer did not show ${texts.join(', ')} within ${timeoutMs} ms`);
}

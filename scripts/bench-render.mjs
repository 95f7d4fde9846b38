// `node scripts/bench-render.mjs [checkout] [renders]`: the CPU of one post page's server render, alone. Runs the built
// render worker of a checkout (default: this one; build it first) and answers its reads with fixed data (a post of
// 20 paragraphs, no comments), so that two checkouts can be compared side by side without a database or a crawl.
import { Worker } from 'node:worker_threads';

const [checkout = new URL('..', import.meta.url).pathname, renders = '60'] = process.argv.slice(2);
const post = {
  id: 7,
  title: 'مدخل إلى React Hooks',
  slug: 'react-hooks',
  excerpt: 'نص',
  featuredImage: null,
  categoryId: null,
  authorId: 1,
  published: true,
  featured: false,
  publishAt: null,
  createdAt: '2026-11-21T20:34:00.000Z',
  updatedAt: '2026-11-21T20:34:00.000Z',
  readTime: 4,
  tags: ['react'],
  commentCount: 0,
  content: `<h2>مقدمة</h2>${'<p>React مكتبة لبناء واجهات المستخدم، وهذا المقال يشرح أساسياتها.</p>'.repeat(20)}`,
  metaTitle: null,
  metaDescription: null,
  version: 1,
  commentsOpen: true,
  commentsCloseAfterDays: null,
  language: 'ar',
  translations: [],
  headings: [],
  direction: 'rtl',
  previous: { slug: 'a', title: 'أ' },
  next: null,
  author: { name: 'كاتب', avatarUrl: null },
  category: null,
};
const noComments = { items: [], total: 0, page: 1, pages: 1, open: true };

const worker = new Worker(`${checkout}/frontend/dist/server/render-worker.js`);
const done = new Map();
worker.on('message', (message) => {
  if (message.type === 'read') {
    const data = message.url.includes('/comments') ? noComments : post;
    worker.postMessage({ type: 'answer', id: message.id, answer: { status: 200, data, tags: [] } });
  } else if (message.type === 'done') {
    done.get(message.id)?.(message);
    done.delete(message.id);
  }
});
let next = 0;
const render = () =>
  new Promise((resolve) => {
    const id = next++;
    done.set(id, resolve);
    worker.postMessage({ type: 'render', id, url: '/post/react-hooks', options: { publicUrl: 'http://localhost', siteFragments: true } });
  });

const first = await render();
if (first.error) throw new Error(first.error);
for (let i = 0; i < 10; i += 1) await render();
const started = performance.now();
for (let i = 0; i < Number(renders); i += 1) await render();
const perRender = (performance.now() - started) / Number(renders);
console.log(
  `${checkout}: ${perRender.toFixed(1)} ms a post page render; HTML ${first.result.html.length} B, head ${first.result.head.length} B`,
);
await worker.terminate();

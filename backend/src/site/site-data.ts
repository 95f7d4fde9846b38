import { LIST_MAX_LIMIT } from '../common/rules/pagination';
import type { FeedPost, SitemapEntry } from './feeds';

/**
 * The feeds read the public API of this same process, as an anonymous visitor: only published posts exist there,
 * so drafts can never leak into a feed or the sitemap.
 */
interface PostSummary {
  slug: string;
  title: string;
  excerpt: string | null;
  categoryId: number | null;
  createdAt: string;
  updatedAt: string;
  tags: string[];
}
interface Category {
  id: number;
  name: string;
  slug: string;
}
interface PageSummary {
  slug: string;
  updatedAt: string;
}

async function getJson<T>(apiBase: string, path: string): Promise<T> {
  const response = await fetch(`${apiBase}${path}`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** RSS: the latest 20 posts, whatever the blog's size. */
export const FEED_SIZE = 20;

export async function loadFeedPosts(apiBase: string, limit = FEED_SIZE): Promise<FeedPost[]> {
  const [posts, categories] = await Promise.all([
    getJson<PostSummary[]>(apiBase, `/api/posts?published=true&limit=${limit}`),
    getJson<Category[]>(apiBase, '/api/categories'),
  ]);
  const names = new Map(categories.map((c) => [c.id, c.name]));
  return Promise.all(
    posts.map(async (summary) => {
      const post = await getJson<PostSummary & { content: string }>(apiBase, `/api/posts/${encodeURIComponent(summary.slug)}`);
      return {
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt,
        content: post.content,
        createdAt: post.createdAt,
        updatedAt: post.updatedAt,
        tags: post.tags ?? [],
        category: post.categoryId === null ? null : (names.get(post.categoryId) ?? null),
      };
    }),
  );
}

function latest(dates: (string | null | undefined)[]): string | null {
  const times = dates.map((d) => (d ? Date.parse(d) : NaN)).filter((t) => !Number.isNaN(t));
  return times.length > 0 ? new Date(Math.max(...times)).toISOString() : null;
}

/** Every published post, read in pages of the list's maximum size (the API never answers with all of them at once). */
async function loadAllPublished(apiBase: string): Promise<PostSummary[]> {
  const posts: PostSummary[] = [];
  for (;;) {
    const page = await getJson<PostSummary[]>(apiBase, `/api/posts?published=true&limit=${LIST_MAX_LIMIT}&offset=${posts.length}`);
    posts.push(...page);
    if (page.length < LIST_MAX_LIMIT) return posts;
  }
}

/** Every public URL with its last change: home, about, posts, categories, static pages. */
export async function loadSitemapEntries(apiBase: string): Promise<SitemapEntry[]> {
  const [posts, categories, pages] = await Promise.all([
    loadAllPublished(apiBase),
    getJson<Category[]>(apiBase, '/api/categories'),
    getJson<PageSummary[]>(apiBase, '/api/pages'),
  ]);
  const newest = latest(posts.map((p) => p.updatedAt));
  const about = pages.find((p) => p.slug === 'about');
  return [
    { path: '/', lastmod: newest },
    { path: '/about', lastmod: about?.updatedAt ?? null },
    ...posts.map((post) => ({ path: `/post/${post.slug}`, lastmod: post.updatedAt })),
    ...categories.map((category) => ({
      path: `/category/${category.slug}`,
      lastmod: latest(posts.filter((p) => p.categoryId === category.id).map((p) => p.updatedAt)),
    })),
    ...pages.filter((page) => page.slug !== 'about').map((page) => ({ path: `/${page.slug}`, lastmod: page.updatedAt })),
  ];
}

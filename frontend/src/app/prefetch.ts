import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import {
  categoriesQuery,
  categoryBySlugQuery,
  featuredPostQuery,
  homeLayoutQuery,
  pageBySlugQuery,
  postBySlugQuery,
  postCountsQuery,
  postsQuery,
  searchQuery,
  socialLinksQuery,
  tagBySlugQuery,
} from '@/lib/api';
import { footerPostsParams } from '@/features/layout/footer-params';
import { categoryPostsParams } from '@/features/categories/category-params';
import { searchPageParams, searchText } from '@/features/search/search-params';
import { tagPostsParams } from '@/features/tags/tag-params';
import { isPrivatePath, parsePageParam } from '@mudawwana/rules';
import { latestPostsParams, viewAllPage } from '@/features/home/home-params';

type Options = { queryKey: readonly unknown[]; queryFn?: unknown };

/** What the site-wide footer reads (on every page, or once for the footer fragment). */
export function footerQueries(): Options[] {
  return [postsQuery(footerPostsParams), socialLinksQuery()];
}

/**
 * What each server-rendered route reads (SPEC §2), declared once: the server runs these before rendering and
 * ships the results; the screens read the same keys. Every page has the footer's data, unless the footer is
 * rendered apart as a fragment (`withFooter: false`).
 */
export function routeQueries(rawPathname: string, search = '', { withFooter = true } = {}): Options[] {
  // Route params are matched on the decoded path, as react-router's useParams gives them to the screens.
  const pathname = decodePath(rawPathname);
  const params = new URLSearchParams(search);
  const shell: Options[] = withFooter ? footerQueries() : [];
  if (pathname === '/') {
    const home = [...shell, homeLayoutQuery(), featuredPostQuery(), categoriesQuery()];
    return viewAllPage(params) === null ? home : [...home, postCountsQuery()];
  }
  const post = matchPath('/post/:slug', pathname);
  if (post?.params.slug) return [...shell, postBySlugQuery(post.params.slug), categoriesQuery()];
  const category = matchPath('/category/:slug', pathname);
  if (category?.params.slug) {
    return [
      ...shell,
      categoryBySlugQuery(category.params.slug),
      postsQuery(categoryPostsParams(category.params.slug, parsePageParam(params.get('page')))),
      categoriesQuery(),
    ];
  }
  const tag = matchPath('/tag/:slug', pathname);
  if (tag?.params.slug) {
    return [
      ...shell,
      tagBySlugQuery(tag.params.slug),
      postsQuery(tagPostsParams(tag.params.slug, parsePageParam(params.get('page')))),
      categoriesQuery(),
    ];
  }
  if (pathname === '/search') {
    const q = searchText(params);
    return [...shell, categoriesQuery(), ...(q ? [searchQuery(searchPageParams(q, parsePageParam(params.get('page'))))] : [])];
  }
  // The about screen shows the social links itself, not only in the footer: with the footer rendered apart, the
  // page must still carry them, or the browser would hydrate it with the footer's copy and find markup the server
  // never rendered.
  if (pathname === '/about') return [...shell, pageBySlugQuery('about'), ...(withFooter ? [] : [socialLinksQuery()])];
  const page = matchPath('/:slug', pathname);
  if (page?.params.slug && !isPrivatePath(`/${page.params.slug}`)) return [...shell, pageBySlugQuery(page.params.slug)];
  return shell;
}

export function decodePath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}

/** Public, cacheable routes: rendered with data on the server (the rest get the shell and render in the browser). */
export function isPublicRoute(pathname: string): boolean {
  return !isPrivatePath(pathname);
}

export function prefetchAll(queryClient: QueryClient, queries: Options[]): Promise<unknown> {
  return Promise.all(queries.map((options) => queryClient.prefetchQuery(options as Parameters<QueryClient['prefetchQuery']>[0])));
}

export async function prefetchRoute(queryClient: QueryClient, pathname: string, search = '', { withFooter = true } = {}): Promise<void> {
  await prefetchAll(queryClient, routeQueries(pathname, search, { withFooter }));
  if (pathname === '/') {
    // The latest-posts grid depends on the layout's count, so it is read second (as the screen does).
    const layout = queryClient.getQueryData(homeLayoutQuery().queryKey);
    await prefetchAll(queryClient, [postsQuery(latestPostsParams(layout, viewAllPage(new URLSearchParams(search))))]);
  }
}

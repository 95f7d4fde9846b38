import { HttpException, type INestApplicationContext } from '@nestjs/common';
import type { RenderedOperation, RenderReadAnswer } from '@mudawwana/rules';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { AuthService } from '../auth/auth.service';
import { CategoriesService } from '../categories/categories.service';
import { CommentPageQuery } from '../comments/dto/comment.dto';
import { CommentsService } from '../comments/comments.service';
import { FederationSettingsService } from '../federation/federation-settings.service';
import { httpError } from '../common/error-body';
import { ContentTag } from './content-tags';
import { PagesService } from '../pages/pages.service';
import { CountPostsQuery, ListPostsQuery } from '../posts/dto/list-posts.query';
import type { PostDetailDto } from '../posts/dto/post.dto';
import { PostsService } from '../posts/posts.service';
import { translationGroupOf } from '../posts/post.entity';
import { SearchQuery } from '../search/dto/search.dto';
import { SearchService } from '../search/search.service';
import { SettingsService } from '../settings/settings.service';
import { TagsQuery } from '../tags/dto/tag.dto';
import { TagsService } from '../tags/tags.service';
import { operationMatcher, type OpenApiPaths } from '@mudawwana/rules';

/**
 * What server rendering reads in-process, one entry per API operation (keyed by its OpenAPI operationId): the data the
 * browser would get from the same GET, through the same services and query DTOs, as an anonymous visitor (published
 * content only), and what a page showing it depends on, as content tags (site/content-tags.ts): every post on it,
 * whether it lists posts, the categories, pages and settings it read. A change marks stale exactly the pages carrying
 * one of its tags, so each entry declares its tags next to its read.
 */

/** What an entry read: the JSON body (null: "nothing", a 204 as over HTTP) and its content tags. */
export interface Load {
  data: unknown;
  tags: string[];
}

/** One read: its path parameters (decoded) and its query as the URL carries it (validated by the operation's DTO). */
export interface LoadRequest {
  path: Record<string, string>;
  query: Record<string, unknown> | undefined;
}

export type Loader = (request: LoadRequest) => Promise<Load>;

export type LoaderTable = Record<RenderedOperation, Loader>;

/** The services the table reads through (the app's own; a test may give its own). */
export interface LoaderServices {
  posts: Pick<PostsService, 'listPosts' | 'countPosts' | 'getFeaturedPost' | 'getPostBySlug'>;
  categories: Pick<CategoriesService, 'listCategories' | 'getCategoryBySlug' | 'idOfSlug'>;
  pages: Pick<PagesService, 'getPageBySlug'>;
  tags: Pick<TagsService, 'listTags' | 'getTag'>;
  settings: Pick<SettingsService, 'getSocialLinks' | 'getHomeLayout' | 'getDateDisplay'>;
  auth: Pick<AuthService, 'registrationStatus'>;
  search: Pick<SearchService, 'searchPosts'>;
  comments: Pick<CommentsService, 'listPostComments'>;
  federation: Pick<FederationSettingsService, 'account'>;
}

/**
 * A read that failed as it would over HTTP (a 404 for a slug nobody has), with what a page showing that answer
 * depends on: a stored not-found page must follow the slug being taken.
 */
export class FailedLoad extends Error {
  constructor(
    readonly error: HttpException,
    readonly tags: string[],
  ) {
    super(error.message);
  }
}

/** A 404 of `read` becomes a FailedLoad carrying `tags`; any other failure goes on as it is. */
function taggedIfNotFound(tags: string[]) {
  return (error: unknown): never => {
    if (error instanceof HttpException && error.getStatus() === 404) throw new FailedLoad(error, tags);
    throw error;
  };
}

/** Query parameters as a URL carries them (strings), validated and transformed by the same DTO as over HTTP. */
async function queryOf<T extends object>(type: new () => T, params: Record<string, unknown> | undefined): Promise<T> {
  const strings = Object.fromEntries(Object.entries(params ?? {}).map(([key, value]) => [key, String(value)]));
  const query = plainToInstance(type, strings);
  const errors = await validate(query, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length > 0) throw httpError(400, 'Invalid query');
  return query;
}

const idsOf = (posts: readonly { id: number }[]) => posts.map((post) => ContentTag.post(post.id));

/** A post page shows the post, its category's name and slug (the badge), its neighbours' links and its byline. */
function postPageTags(post: PostDetailDto): string[] {
  const tags = [ContentTag.post(post.id)];
  if (typeof post.categoryId === 'number') tags.push(ContentTag.category(post.categoryId));
  for (const link of [post.previous, post.next]) if (link) tags.push(ContentTag.postLink(link.slug));
  if (post.author && typeof post.authorId === 'number') tags.push(ContentTag.author(post.authorId));
  tags.push(ContentTag.translations(translationGroupOf(post)));
  return tags;
}

export function loaderTable({ posts, categories, pages, tags, settings, auth, search, comments, federation }: LoaderServices): LoaderTable {
  /** A list of one tag's (or category's) posts follows that tag's (category's) listing; any other list, the whole blog's. */
  const listTag = async ({ category, tag }: { category?: string; tag?: string }): Promise<string> => {
    if (tag) return ContentTag.tagPosts(tag);
    const categoryId = category ? await categories.idOfSlug(category) : null;
    return categoryId === null ? ContentTag.postLists : ContentTag.categoryPosts(categoryId);
  };

  return {
    listPosts: async ({ query }) => {
      const params = await queryOf(ListPostsQuery, query);
      const [{ items }, list] = await Promise.all([posts.listPosts(params, undefined), listTag(params)]);
      return { data: items, tags: [list, ...idsOf(items)] };
    },
    countPosts: async ({ query }) => {
      const params = await queryOf(CountPostsQuery, query);
      const [counts, list] = await Promise.all([posts.countPosts(params, undefined), listTag(params)]);
      return { data: counts, tags: [list] };
    },
    getFeaturedPost: async () => {
      const post = await posts.getFeaturedPost();
      return { data: post, tags: [ContentTag.postLists, ...idsOf(post ? [post] : [])] };
    },
    // Not found (withdrawn, deleted, renamed): every change that gives a post this slug records its link, so the
    // stored 404 is rebuilt when the post comes (back).
    getPostBySlug: ({ path: { idOrSlug } }) =>
      posts
        .getPostBySlug(idOrSlug, undefined)
        .then((post) => ({ data: post, tags: postPageTags(post) }), taggedIfNotFound([ContentTag.postLink(idOrSlug)])),
    // Shown on the post's page, which getPostBySlug tags with the post (a comment approved or withdrawn touches it);
    // whether the form shows follows the comment settings.
    listPostComments: async ({ path: { idOrSlug }, query }) =>
      comments
        .listPostComments(idOrSlug, (await queryOf(CommentPageQuery, query)).page ?? 1)
        .then((page) => ({ data: page, tags: [ContentTag.commentSettings] }), taggedIfNotFound([ContentTag.postLink(idOrSlug)])),
    listCategories: async () => ({ data: await categories.listCategories(), tags: [ContentTag.categories] }),
    // Its name and slug, and its post count. Not found: no tag of its own (its lists of posts and of categories follow
    // a category taking the slug).
    getCategoryBySlug: ({ path: { idOrSlug } }) =>
      categories
        .getCategoryBySlug(idOrSlug)
        .then(
          (category) => ({ data: category, tags: [ContentTag.category(category.id), ContentTag.categoryPosts(category.id)] }),
          taggedIfNotFound([]),
        ),
    // Not found too: /about shows its fallback until the author writes the page.
    getPageBySlug: ({ path: { idOrSlug } }) =>
      pages.getPageBySlug(idOrSlug).then((page) => ({ data: page, tags: [ContentTag.pages] }), taggedIfNotFound([ContentTag.pages])),
    listTags: async ({ query }) => ({ data: await tags.listTags(await queryOf(TagsQuery, query), undefined), tags: [ContentTag.tags] }),
    // Its name and post count. Not found: no tag (its list of posts follows a post taking the tag).
    getTag: async ({ path: { slug }, query }) =>
      tags
        .getTag(slug, await queryOf(TagsQuery, query), undefined)
        .then((tag) => ({ data: tag, tags: [ContentTag.tagPosts(tag.slug)] }), taggedIfNotFound([])),
    getSocialLinks: async () => ({ data: await settings.getSocialLinks(), tags: [ContentTag.socialLinks] }),
    getHomeLayout: async () => ({ data: await settings.getHomeLayout(), tags: [ContentTag.homeLayout] }),
    getDateDisplay: async () => ({ data: await settings.getDateDisplay(), tags: [ContentTag.dateDisplay] }),
    getFediverseAccount: async () => ({ data: await federation.account(), tags: [ContentTag.fediverseAccount] }),
    // Read by the sign-in screen (rendered per request, never stored; it offers the register form while registration
    // is open) and search results (per request too): no content tag names them, so they follow every change.
    registrationStatus: async () => ({ data: await auth.registrationStatus(), tags: [ContentTag.all] }),
    searchPosts: async ({ query }) => ({
      data: await search.searchPosts(await queryOf(SearchQuery, query), undefined),
      tags: [ContentTag.all],
    }),
  };
}

/** The loader table of the app's own services. */
export function loaderTableOf(app: INestApplicationContext): LoaderTable {
  return loaderTable({
    posts: app.get(PostsService),
    categories: app.get(CategoriesService),
    pages: app.get(PagesService),
    tags: app.get(TagsService),
    settings: app.get(SettingsService),
    auth: app.get(AuthService),
    search: app.get(SearchService),
    comments: app.get(CommentsService),
    federation: app.get(FederationSettingsService),
  });
}

/** Answers a server render's read (a GET the generated client built) from the table. */
export type RenderReader = (url: string, query: Record<string, unknown> | undefined) => Promise<RenderReadAnswer>;

/**
 * The render's reads, answered in-process: the URL is matched to its operation by the API's own path templates
 * (@mudawwana/rules operation-matcher.ts), and the operation's entry answers with the status and body the browser would get. A read
 * that is no entry of the table is a mistake in the code, not a page to guess the freshness of: it fails the render.
 */
export function renderReader(table: LoaderTable, paths: OpenApiPaths): RenderReader {
  const match = operationMatcher(paths);
  return async (url, query) => {
    const operation = match(url);
    if (!operation || !Object.hasOwn(table, operation.operationId)) {
      throw new Error(`server rendering read ${url} (${operation?.operationId ?? 'no operation'}), which site/loaders.ts does not load`);
    }
    try {
      const { data, tags } = await table[operation.operationId as RenderedOperation]({ path: operation.pathParams, query });
      // null is "nothing" (no featured post): 204 with an empty body, as over HTTP.
      return data === null ? { status: 204, data: '', tags } : { status: 200, data: JSON.parse(JSON.stringify(data)) as unknown, tags };
    } catch (error) {
      if (error instanceof FailedLoad) return { status: error.error.getStatus(), data: error.error.getResponse(), tags: error.tags };
      if (error instanceof HttpException) return { status: error.getStatus(), data: error.getResponse(), tags: [] };
      throw error;
    }
  };
}

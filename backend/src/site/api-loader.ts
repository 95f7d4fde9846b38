import { HttpException, type INestApplicationContext } from '@nestjs/common';
import { AuthService } from '../auth/auth.service';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { httpError } from '../common/error-body';
import { CategoriesService } from '../categories/categories.service';
import { PagesService } from '../pages/pages.service';
import { CountPostsQuery, ListPostsQuery } from '../posts/dto/list-posts.query';
import { PostsService } from '../posts/posts.service';
import { SearchQuery } from '../search/dto/search.dto';
import { SearchService } from '../search/search.service';
import { SettingsService } from '../settings/settings.service';
import { TagsQuery } from '../tags/dto/tag.dto';
import { TagsService } from '../tags/tags.service';

/** An API answer as the browser would get it: status and the JSON body (undefined: not a read served in-process). */
export type ApiAnswer = { status: number; data: unknown } | undefined;
export type ApiLoader = (url: string, params: Record<string, unknown> | undefined) => Promise<ApiAnswer>;

function decodeSlug(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

/** Query parameters as a URL carries them (strings), validated and transformed by the same DTO as over HTTP. */
async function queryOf<T extends object>(type: new () => T, params: Record<string, unknown> | undefined): Promise<T> {
  const strings = Object.fromEntries(Object.entries(params ?? {}).map(([key, value]) => [key, String(value)]));
  const query = plainToInstance(type, strings);
  const errors = await validate(query, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length > 0) throw httpError(400, 'Invalid query');
  return query;
}

/**
 * The public reads of server rendering, answered in-process: the same services and DTOs as the HTTP API, called
 * as an anonymous visitor (published content only), with no request back into this same process. The SSR bundle
 * fills its query cache with these answers under the generated query keys (frontend/src/api/http.ts).
 */
export function createApiLoader(app: INestApplicationContext): ApiLoader {
  const posts = app.get(PostsService);
  const categories = app.get(CategoriesService);
  const pages = app.get(PagesService);
  const settings = app.get(SettingsService);
  const tags = app.get(TagsService);
  const search = app.get(SearchService);
  const auth = app.get(AuthService);

  const read = async (url: string, params: Record<string, unknown> | undefined): Promise<unknown> => {
    if (url === '/api/posts') return (await posts.listPosts(await queryOf(ListPostsQuery, params), undefined)).items;
    if (url === '/api/posts/counts') return posts.countPosts(await queryOf(CountPostsQuery, params), undefined);
    if (url === '/api/posts/featured') return posts.getFeaturedPost();
    if (url === '/api/categories') return categories.listCategories();
    if (url === '/api/social-links') return settings.getSocialLinks();
    if (url === '/api/home-layout') return settings.getHomeLayout();
    if (url === '/api/tags') return tags.listTags(await queryOf(TagsQuery, params), undefined);
    // The sign-in screen (rendered per request) offers the register form only while registration is open.
    if (url === '/api/registration') return auth.registrationStatus();
    if (url === '/api/search') return search.searchPosts(await queryOf(SearchQuery, params), undefined);
    const [, collection, slug] = /^\/api\/(posts|categories|pages|tags)\/([^/]+)$/.exec(url) ?? [];
    if (collection === 'posts') return posts.getPostBySlug(decodeSlug(slug), undefined);
    if (collection === 'categories') return categories.getCategoryBySlug(decodeSlug(slug));
    if (collection === 'pages') return pages.getPageBySlug(decodeSlug(slug));
    if (collection === 'tags') return tags.getTag(decodeSlug(slug), await queryOf(TagsQuery, params), undefined);
    return undefined;
  };

  return async (url, params) => {
    try {
      const data = await read(url, params);
      if (data === undefined) return undefined;
      // null is "no featured post": 204 with an empty body, as over HTTP.
      return data === null ? { status: 204, data: '' } : { status: 200, data: JSON.parse(JSON.stringify(data)) as unknown };
    } catch (error) {
      if (error instanceof HttpException) return { status: error.getStatus(), data: error.getResponse() };
      throw error;
    }
  };
}

/**
 * The public side's one door to the API: query options (key + function) for every read a public screen makes,
 * and the mutation functions it calls. The server render prefetches with exactly these options and the screens
 * read with them, so the dehydrated cache matches key for key and nothing is fetched twice.
 *
 * TEMPORARY: until the orval client lands on main this file talks to the API with axios directly, with the
 * same URLs and query keys orval generates; after the merge it delegates to `@/api/generated`.
 */
import axios, { AxiosError } from 'axios';
import { queryOptions } from '@tanstack/react-query';

export interface UserDto {
  id: number;
  username: string;
  email?: string;
  name: string;
  bio: string | null;
  avatarUrl: string | null;
}
export interface PostSummaryDto {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  featuredImage: string | null;
  categoryId: number | null;
  authorId: number | null;
  published: boolean;
  featured: boolean;
  createdAt: string;
  updatedAt: string;
  readTime: number | null;
  tags: string[];
}
export interface PostDto extends PostSummaryDto {
  content: string;
  metaTitle: string | null;
  metaDescription: string | null;
}
export interface PostLinkDto {
  slug: string;
  title: string;
}
export interface PostDetailDto extends PostDto {
  previous: PostLinkDto | null;
  next: PostLinkDto | null;
}
export interface CategoryDto {
  id: number;
  name: string;
  slug: string;
  postCount: number;
}
export interface PageDto {
  id: number;
  title: string;
  slug: string;
  content: string;
  updatedAt: string;
}
export interface SocialLinksDto {
  twitter: string | null;
  facebook: string | null;
  instagram: string | null;
  snapchat: string | null;
  linkedin: string | null;
  youtube: string | null;
}
export interface HomeLayoutDto {
  showHero: boolean;
  showFeaturedPost: boolean;
  showLatestPosts: boolean;
  showCategories: boolean;
  showNewsletter: boolean;
  latestPostsCount: number;
  categoriesCount: number;
  postsPerCategory: number;
  heroTitle?: string | null;
  heroSubtitle?: string | null;
  heroBgColor?: string | null;
}
export interface ListPostsParams {
  published?: boolean;
  category?: string;
  limit?: number;
  offset?: number;
}
export type UpdateSocialLinksBody = Partial<Record<'twitter' | 'facebook' | 'instagram' | 'snapchat' | 'linkedin' | 'youtube', string>>;

/** "<status>: <body>" errors with the status kept (SPEC §8). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage?: string,
  ) {
    super(message);
  }
}

const http = axios.create({ withCredentials: true });

/** The server render points the client at the app itself (absolute URL); the browser uses relative URLs. */
export function setApiBaseUrl(baseURL: string): void {
  http.defaults.baseURL = baseURL;
}

async function request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown, params?: object, signal?: AbortSignal): Promise<T> {
  try {
    const response = await http.request<T>({ method, url, data, params, signal });
    return response.data;
  } catch (error) {
    if (error instanceof AxiosError && error.response) {
      const body = error.response.data as { message?: string | string[] } | string | undefined;
      const text = typeof body === 'string' ? body : body ? JSON.stringify(body) : error.response.statusText;
      const server = typeof body === 'object' && body ? (Array.isArray(body.message) ? body.message.join('، ') : body.message) : undefined;
      throw new HttpError(error.response.status, `${error.response.status}: ${text}`, server);
    }
    throw error;
  }
}

/** The server's own message of a failed call, for toasts. */
export function serverMessage(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'serverMessage' in error) {
    const value = (error as { serverMessage?: unknown }).serverMessage;
    if (typeof value === 'string') return value;
  }
  return error instanceof Error ? error.message : undefined;
}

export const currentUserQuery = () =>
  queryOptions({ queryKey: ['/api/user'], queryFn: ({ signal }) => request<UserDto>('GET', '/api/user', undefined, undefined, signal) });
export const postsQuery = (params?: ListPostsParams) =>
  queryOptions({
    queryKey: ['/api/posts', ...(params ? [params] : [])],
    queryFn: ({ signal }) => request<PostSummaryDto[]>('GET', '/api/posts', undefined, params, signal),
  });
export const featuredPostQuery = () =>
  queryOptions({ queryKey: ['/api/posts/featured'], queryFn: ({ signal }) => request<PostDto>('GET', '/api/posts/featured', undefined, undefined, signal) });
export const postBySlugQuery = (slug: string) =>
  queryOptions({
    queryKey: [`/api/posts/${slug}`],
    queryFn: ({ signal }) => request<PostDetailDto>('GET', `/api/posts/${encodeURIComponent(slug)}`, undefined, undefined, signal),
  });
export const categoriesQuery = () =>
  queryOptions({ queryKey: ['/api/categories'], queryFn: ({ signal }) => request<CategoryDto[]>('GET', '/api/categories', undefined, undefined, signal) });
export const categoryBySlugQuery = (slug: string) =>
  queryOptions({
    queryKey: [`/api/categories/${slug}`],
    queryFn: ({ signal }) => request<CategoryDto>('GET', `/api/categories/${encodeURIComponent(slug)}`, undefined, undefined, signal),
  });
export const pageBySlugQuery = (slug: string) =>
  queryOptions({
    queryKey: [`/api/pages/${slug}`],
    queryFn: ({ signal }) => request<PageDto>('GET', `/api/pages/${encodeURIComponent(slug)}`, undefined, undefined, signal),
  });
export const socialLinksQuery = () =>
  queryOptions({
    queryKey: ['/api/social-links'],
    queryFn: ({ signal }) => request<SocialLinksDto>('GET', '/api/social-links', undefined, undefined, signal),
    refetchOnWindowFocus: false,
  });
export const homeLayoutQuery = () =>
  queryOptions({ queryKey: ['/api/home-layout'], queryFn: ({ signal }) => request<HomeLayoutDto>('GET', '/api/home-layout', undefined, undefined, signal) });

export const api = {
  login: (body: { username: string; password: string }) => request<UserDto>('POST', '/api/login', body),
  register: (body: { username: string; email: string; password: string; name: string }) => request<UserDto>('POST', '/api/register', body),
  logout: () => request<{ message: string }>('POST', '/api/logout'),
  forgotPassword: (body: { email: string }) => request<{ message: string }>('POST', '/api/forgot-password', body),
  resetPassword: (body: { token: string; password: string }) => request<{ message: string }>('POST', '/api/reset-password', body),
  updateSocialLinks: (body: UpdateSocialLinksBody) => request<SocialLinksDto>('PUT', '/api/social-links', body),
  subscribeNewsletter: (body: { email: string }) => request<{ message: string }>('POST', '/api/newsletter', body),
};

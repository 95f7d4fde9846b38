/**
 * TEMPORARY hand-written stand-in for the orval client (frontend/src/api/generated), same names and
 * signatures as orval's react-query output, so the screens switch to the generated hooks by changing
 * this file only. Replaced once the generated client lands on main.
 */
import axios, { type AxiosRequestConfig } from 'axios';
import {
  useMutation,
  useQuery,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';

const http = axios.create({ withCredentials: true });
async function call<T>(config: AxiosRequestConfig): Promise<T> {
  try {
    const res = await http.request<T>(config);
    return res.data;
  } catch (error) {
    if (axios.isAxiosError(error) && error.response) {
      const body = error.response.data as { message?: string | string[] } | string | undefined;
      const msg = typeof body === 'string' ? body : Array.isArray(body?.message) ? body?.message.join(', ') : body?.message;
      const err = new Error(`${error.response.status}: ${msg ?? error.response.statusText}`) as Error & {
        status: number;
        serverMessage?: string;
      };
      err.status = error.response.status;
      err.serverMessage = msg;
      throw err;
    }
    throw error;
  }
}

export interface UserDto { id: number; username: string; email?: string; name: string; bio: string | null; avatarUrl: string | null }
export interface PostSummaryDto {
  id: number; title: string; slug: string; excerpt: string | null; featuredImage: string | null; categoryId: number | null;
  authorId: number | null; published: boolean; featured: boolean; createdAt: string; updatedAt: string; readTime: number | null; tags: string[];
}
export interface PostDto extends PostSummaryDto { content: string; metaTitle: string | null; metaDescription: string | null }
export interface CreatePostDto {
  title: string; content: string; slug?: string; excerpt?: string; featuredImage?: string; categoryId?: number | null; authorId?: number;
  published?: boolean; featured?: boolean; createdAt?: string; readTime?: number; tags?: string[]; metaTitle?: string; metaDescription?: string;
}
export type UpdatePostDto = Partial<CreatePostDto>;
export interface CategoryDto { id: number; name: string; slug: string; postCount: number }
export interface CreateCategoryDto { name: string; slug?: string }
export interface PageSummaryDto { id: number; title: string; slug: string; updatedAt: string }
export interface PageDto extends PageSummaryDto { content: string }
export interface CreatePageDto { title: string; content: string; slug?: string }
export interface SocialLinksDto { twitter?: string | null; facebook?: string | null; instagram?: string | null; snapchat?: string | null; linkedin?: string | null; youtube?: string | null }
export interface HomeLayoutDto {
  showHero: boolean; showFeaturedPost: boolean; showLatestPosts: boolean; showCategories: boolean; showNewsletter: boolean;
  latestPostsCount: number; categoriesCount: number; postsPerCategory: number; heroTitle?: string | null; heroSubtitle?: string | null; heroBgColor?: string | null;
}
export interface UpdateUserDto { name: string; bio?: string }
export interface UploadImageBody { image: Blob }
export interface UploadResponseDto { url: string }
export interface ListPostsParams { published?: boolean; category?: string; limit?: number; offset?: number }

type QOpts<T> = { query?: Partial<UseQueryOptions<T, Error, T, QueryKey>> };
type MOpts<T, V> = { mutation?: UseMutationOptions<T, Error, V> };

export const getCurrentUser = () => call<UserDto>({ url: '/api/user' });
export const getGetCurrentUserQueryKey = () => ['/api/user'] as const;

export const listPosts = (params?: ListPostsParams) => call<PostSummaryDto[]>({ url: '/api/posts', params });
export const getListPostsQueryKey = (params?: ListPostsParams) => ['/api/posts', ...(params ? [params] : [])] as const;
export const useListPosts = (params?: ListPostsParams, options?: QOpts<PostSummaryDto[]>) =>
  useQuery({ queryKey: getListPostsQueryKey(params), queryFn: () => listPosts(params), ...options?.query });

export const getFeaturedPost = () => call<PostDto>({ url: '/api/posts/featured' });
export const getGetFeaturedPostQueryKey = () => ['/api/posts/featured'] as const;

export const getPostById = (id: number) => call<PostDto>({ url: `/api/posts/id/${id}` });
export const getGetPostByIdQueryKey = (id: number) => [`/api/posts/id/${id}`] as const;
export const useGetPostById = (id: number, options?: QOpts<PostDto>) =>
  useQuery({ queryKey: getGetPostByIdQueryKey(id), queryFn: () => getPostById(id), ...options?.query });

export const useCreatePost = (o?: MOpts<PostDto, { data: CreatePostDto }>) =>
  useMutation({ mutationFn: ({ data }) => call<PostDto>({ url: '/api/posts', method: 'POST', data }), ...o?.mutation });
export const useUpdatePost = (o?: MOpts<PostDto, { id: number; data: UpdatePostDto }>) =>
  useMutation({ mutationFn: ({ id, data }) => call<PostDto>({ url: `/api/posts/${id}`, method: 'PUT', data }), ...o?.mutation });
export const useDeletePost = (o?: MOpts<void, { id: number }>) =>
  useMutation({ mutationFn: ({ id }) => call<void>({ url: `/api/posts/${id}`, method: 'DELETE' }), ...o?.mutation });
export const useFixPostSlug = (o?: MOpts<PostDto, { id: number }>) =>
  useMutation({ mutationFn: ({ id }) => call<PostDto>({ url: `/api/posts/${id}/fix-slug`, method: 'POST' }), ...o?.mutation });
export const useSetFeaturedPost = (o?: MOpts<PostDto, { id: number }>) =>
  useMutation({ mutationFn: ({ id }) => call<PostDto>({ url: `/api/posts/${id}/featured`, method: 'PUT' }), ...o?.mutation });

export const listCategories = () => call<CategoryDto[]>({ url: '/api/categories' });
export const getListCategoriesQueryKey = () => ['/api/categories'] as const;
export const useListCategories = (options?: QOpts<CategoryDto[]>) =>
  useQuery({ queryKey: getListCategoriesQueryKey(), queryFn: listCategories, ...options?.query });
export const useCreateCategory = (o?: MOpts<CategoryDto, { data: CreateCategoryDto }>) =>
  useMutation({ mutationFn: ({ data }) => call<CategoryDto>({ url: '/api/categories', method: 'POST', data }), ...o?.mutation });
export const useUpdateCategory = (o?: MOpts<CategoryDto, { id: number; data: CreateCategoryDto }>) =>
  useMutation({ mutationFn: ({ id, data }) => call<CategoryDto>({ url: `/api/categories/${id}`, method: 'PUT', data }), ...o?.mutation });
export const useDeleteCategory = (o?: MOpts<void, { id: number }>) =>
  useMutation({ mutationFn: ({ id }) => call<void>({ url: `/api/categories/${id}`, method: 'DELETE' }), ...o?.mutation });

export const listPages = () => call<PageSummaryDto[]>({ url: '/api/pages' });
export const getListPagesQueryKey = () => ['/api/pages'] as const;
export const useListPages = (options?: QOpts<PageSummaryDto[]>) =>
  useQuery({ queryKey: getListPagesQueryKey(), queryFn: listPages, ...options?.query });
export const getPageById = (id: number) => call<PageDto>({ url: `/api/pages/id/${id}` });
export const getGetPageByIdQueryKey = (id: number) => [`/api/pages/id/${id}`] as const;
export const useGetPageById = (id: number, options?: QOpts<PageDto>) =>
  useQuery({ queryKey: getGetPageByIdQueryKey(id), queryFn: () => getPageById(id), ...options?.query });
export const useCreatePage = (o?: MOpts<PageDto, { data: CreatePageDto }>) =>
  useMutation({ mutationFn: ({ data }) => call<PageDto>({ url: '/api/pages', method: 'POST', data }), ...o?.mutation });
export const useUpdatePage = (o?: MOpts<PageDto, { id: number; data: CreatePageDto }>) =>
  useMutation({ mutationFn: ({ id, data }) => call<PageDto>({ url: `/api/pages/${id}`, method: 'PUT', data }), ...o?.mutation });
export const useDeletePage = (o?: MOpts<void, { id: number }>) =>
  useMutation({ mutationFn: ({ id }) => call<void>({ url: `/api/pages/${id}`, method: 'DELETE' }), ...o?.mutation });

export const getSocialLinks = () => call<SocialLinksDto>({ url: '/api/social-links' });
export const getGetSocialLinksQueryKey = () => ['/api/social-links'] as const;
export const useGetSocialLinks = (options?: QOpts<SocialLinksDto>) =>
  useQuery({ queryKey: getGetSocialLinksQueryKey(), queryFn: getSocialLinks, ...options?.query });
export const useUpdateSocialLinks = (o?: MOpts<SocialLinksDto, { data: SocialLinksDto }>) =>
  useMutation({ mutationFn: ({ data }) => call<SocialLinksDto>({ url: '/api/social-links', method: 'PUT', data }), ...o?.mutation });

export const getHomeLayout = () => call<HomeLayoutDto>({ url: '/api/home-layout' });
export const getGetHomeLayoutQueryKey = () => ['/api/home-layout'] as const;
export const useGetHomeLayout = (options?: QOpts<HomeLayoutDto>) =>
  useQuery({ queryKey: getGetHomeLayoutQueryKey(), queryFn: getHomeLayout, ...options?.query });
export const useUpdateHomeLayout = (o?: MOpts<HomeLayoutDto, { data: Partial<HomeLayoutDto> }>) =>
  useMutation({ mutationFn: ({ data }) => call<HomeLayoutDto>({ url: '/api/home-layout', method: 'PUT', data }), ...o?.mutation });

export const getUser = (id: number) => call<UserDto>({ url: `/api/users/${id}` });
export const getGetUserQueryKey = (id: number) => [`/api/users/${id}`] as const;
export const useGetUser = (id: number, options?: QOpts<UserDto>) =>
  useQuery({ queryKey: getGetUserQueryKey(id), queryFn: () => getUser(id), ...options?.query });
export const useUpdateUser = (o?: MOpts<UserDto, { id: number; data: UpdateUserDto }>) =>
  useMutation({ mutationFn: ({ id, data }) => call<UserDto>({ url: `/api/users/${id}`, method: 'PUT', data }), ...o?.mutation });

export const uploadImage = (body: UploadImageBody, options?: AxiosRequestConfig) => {
  const form = new FormData();
  form.append('image', body.image);
  return call<UploadResponseDto>({ url: '/api/upload', method: 'POST', data: form, ...options });
};

export function serverMessage(error: unknown): string | undefined {
  return (error as { serverMessage?: string } | null)?.serverMessage;
}

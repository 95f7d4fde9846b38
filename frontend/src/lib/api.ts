/**
 * The public side's one door to the API: query options (the generated query key + the generated function) for
 * every read a public screen makes, and the generated mutation functions it calls. The server render prefetches
 * with exactly these options and the screens read with them, so the dehydrated cache matches key for key and
 * nothing is fetched twice.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  countPosts,
  forgotPassword,
  getCategoryBySlug,
  getCountPostsQueryKey,
  getCurrentUser,
  getFeaturedPost,
  getGetCategoryBySlugQueryKey,
  getGetCurrentUserQueryKey,
  getGetFeaturedPostQueryKey,
  getGetHomeLayoutQueryKey,
  getGetPageBySlugQueryKey,
  getGetPostBySlugQueryKey,
  getGetSocialLinksQueryKey,
  getHomeLayout,
  getListCategoriesQueryKey,
  getListPostsQueryKey,
  getPageBySlug,
  getPostBySlug,
  getSocialLinks,
  listCategories,
  listPosts,
  login,
  logout,
  register,
  resetPassword,
  subscribeNewsletter,
  updateSocialLinks,
} from '@/api/generated';
import type { CountPostsParams, ListPostsParams, PostDto } from '@/api/generated/model';

export type {
  CategoryDto,
  HomeLayoutDto,
  ListPostsParams,
  PageDto,
  PostDetailDto,
  PostDto,
  PostLinkDto,
  PostSummaryDto,
  SocialLinksDto,
  UpdateSocialLinksDto as UpdateSocialLinksBody,
  UserDto,
} from '@/api/generated/model';
export { errorMessage, setApiBaseUrl, setServerApiLoader, type ServerApiLoader } from '@/api/http';

export const currentUserQuery = () =>
  queryOptions({ queryKey: getGetCurrentUserQueryKey(), queryFn: ({ signal }) => getCurrentUser(undefined, signal) });
export const postsQuery = (params?: ListPostsParams) =>
  queryOptions({ queryKey: getListPostsQueryKey(params), queryFn: ({ signal }) => listPosts(params, undefined, signal) });
/** How many posts there are by status (the totals behind the paginated lists). */
export const postCountsQuery = (params?: CountPostsParams) =>
  queryOptions({ queryKey: getCountPostsQueryKey(params), queryFn: ({ signal }) => countPosts(params, undefined, signal) });
/** The featured post, or null while none is featured (the API answers 204, an empty body). */
export const featuredPostQuery = () =>
  queryOptions({
    queryKey: getGetFeaturedPostQueryKey(),
    queryFn: async ({ signal }): Promise<PostDto | null> => (await getFeaturedPost(undefined, signal)) || null,
  });
export const postBySlugQuery = (slug: string) =>
  queryOptions({ queryKey: getGetPostBySlugQueryKey(slug), queryFn: ({ signal }) => getPostBySlug(slug, undefined, signal) });
export const categoriesQuery = () =>
  queryOptions({ queryKey: getListCategoriesQueryKey(), queryFn: ({ signal }) => listCategories(undefined, signal) });
export const categoryBySlugQuery = (slug: string) =>
  queryOptions({ queryKey: getGetCategoryBySlugQueryKey(slug), queryFn: ({ signal }) => getCategoryBySlug(slug, undefined, signal) });
export const pageBySlugQuery = (slug: string) =>
  queryOptions({ queryKey: getGetPageBySlugQueryKey(slug), queryFn: ({ signal }) => getPageBySlug(slug, undefined, signal) });
/** SPEC §7: social links are not refetched on window focus. */
export const socialLinksQuery = () =>
  queryOptions({
    queryKey: getGetSocialLinksQueryKey(),
    queryFn: ({ signal }) => getSocialLinks(undefined, signal),
    refetchOnWindowFocus: false,
  });
export const homeLayoutQuery = () =>
  queryOptions({ queryKey: getGetHomeLayoutQueryKey(), queryFn: ({ signal }) => getHomeLayout(undefined, signal) });

/** The generated mutation functions the public screens call (wrapped in useMutation by the screens). */
export const api = {
  login: (body: { username: string; password: string }) => login(body),
  register: (body: { username: string; email: string; password: string; name: string }) =>
    register({ ...body, bio: null, avatarUrl: null, resetToken: null, resetTokenExpiry: null }),
  logout: () => logout(),
  forgotPassword: (body: { email: string }) => forgotPassword(body),
  resetPassword: (body: { token: string; password: string }) => resetPassword(body),
  updateSocialLinks: (body: Parameters<typeof updateSocialLinks>[0]) => updateSocialLinks(body),
  subscribeNewsletter: (body: { email: string }) => subscribeNewsletter(body),
};

/**
 * The public side's one door to the API: query options (the generated query key + the generated function) for
 * every read a public screen makes, and the generated mutation functions it calls. The server render prefetches
 * with exactly these options and the screens read with them, so the dehydrated cache matches key for key and
 * nothing is fetched twice.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  createComment,
  forgotPassword,
  getCommentChallenge,
  getCountPostsQueryOptions,
  getFeaturedPost,
  getGetCategoryBySlugQueryOptions,
  getGetCurrentUserQueryOptions,
  getGetDateDisplayQueryOptions,
  getGetFediverseAccountQueryOptions,
  getGetFeaturedPostQueryKey,
  getGetHomeLayoutQueryOptions,
  getGetPageBySlugQueryOptions,
  getGetPostBySlugQueryOptions,
  getGetSocialLinksQueryOptions,
  getListCategoriesQueryOptions,
  getListPostCommentsQueryOptions,
  getListPostsQueryOptions,
  getGetTagQueryOptions,
  getListTagsQueryOptions,
  getRegistrationStatusQueryOptions,
  getSearchPostsQueryOptions,
  login,
  logout,
  register,
  resetPassword,
  subscribeNewsletter,
  updateSocialLinks,
} from '@/api/generated';
import type { CountPostsParams, ListPostsParams, PostDto, SearchPostsParams } from '@/api/generated/model';

export type {
  AuthorDto,
  CategoryDto,
  CommentPageDto,
  CommentPostedDto,
  CreateCommentDto,
  DateDisplayDto,
  PublicCommentDto,
  HomeLayoutDto,
  ListPostsParams,
  PageDto,
  PostDetailDto,
  PostDto,
  PostLinkDto,
  PostTranslationDto,
  PostSummaryDto,
  SearchHitDto,
  SearchPostsParams,
  SearchResultsDto,
  SocialLinksDto,
  TagDto,
  UpdateSocialLinksDto as UpdateSocialLinksBody,
  UserDto,
} from '@/api/generated/model';
export { errorMessage } from '@/api/http';

// The generated query options (orval's query key and function) wherever a read needs nothing more.
export const currentUserQuery = () => getGetCurrentUserQueryOptions();
export const postsQuery = (params?: ListPostsParams) => getListPostsQueryOptions(params);
/** How many posts there are by status (the totals behind the paginated lists). */
export const postCountsQuery = (params?: CountPostsParams) => getCountPostsQueryOptions(params);
/** The featured post, or null while none is featured (the API answers 204, an empty body). */
export const featuredPostQuery = () =>
  queryOptions({
    queryKey: getGetFeaturedPostQueryKey(),
    queryFn: async ({ signal }): Promise<PostDto | null> => (await getFeaturedPost(undefined, signal)) || null,
  });
export const postBySlugQuery = (slug: string) => getGetPostBySlugQueryOptions(slug);
/**
 * One page of a post's approved comments (oldest first, each reply after its comment, 100 a page) and whether the post
 * takes new ones. The page is always in the key, so the server's prefetch and the screen agree on page 1 too.
 */
export const postCommentsQuery = (slug: string, page = 1) => getListPostCommentsQueryOptions(slug, { page });
/** One tag with its published post count (404 when no published post carries it). */
export const tagBySlugQuery = (slug: string) => getGetTagQueryOptions(slug);
export const tagsQuery = () => getListTagsQueryOptions();
/** A page of search results, best first, with the total. */
export const searchQuery = (params: SearchPostsParams) => getSearchPostsQueryOptions(params);
export const categoriesQuery = () => getListCategoriesQueryOptions();
export const categoryBySlugQuery = (slug: string) => getGetCategoryBySlugQueryOptions(slug);
export const pageBySlugQuery = (slug: string) => getGetPageBySlugQueryOptions(slug);
/** SPEC §7: social links are not refetched on window focus. */
export const socialLinksQuery = () => getGetSocialLinksQueryOptions({ query: { refetchOnWindowFocus: false } });
export const homeLayoutQuery = () => getGetHomeLayoutQueryOptions();
/** The calendar and digits readers' dates and counts are shown in (lib/reader-dates.ts). */
export const dateDisplayQuery = () => getGetDateDisplayQueryOptions({ query: { refetchOnWindowFocus: false } });
/** The blog's fediverse handle, which a post's page credits in link previews (`fediverse:creator`). */
export const fediverseAccountQuery = () => getGetFediverseAccountQueryOptions({ query: { refetchOnWindowFocus: false } });
/** Whether /auth offers the register form (and first: while the blog has no account). */
export const registrationStatusQuery = () => getRegistrationStatusQueryOptions();

/** The generated mutation functions the public screens call (wrapped in useMutation by the screens). */
export const api = {
  login: (body: { username: string; password: string }) => login(body),
  register: (body: { username: string; email: string; password: string; name: string; setupCode?: string }) =>
    register({ ...body, bio: null, avatarUrl: null, resetToken: null, resetTokenExpiry: null }),
  logout: () => logout(),
  forgotPassword: (body: { email: string }) => forgotPassword(body),
  resetPassword: (body: { token: string; password: string }) => resetPassword(body),
  updateSocialLinks: (body: Parameters<typeof updateSocialLinks>[0]) => updateSocialLinks(body),
  subscribeNewsletter: (body: { email: string }) => subscribeNewsletter(body),
  /** A reader's comment on a post (by its id), with the solved ALTCHA challenge as `altcha`. */
  createComment: (postId: number, body: Parameters<typeof createComment>[1]) => createComment(postId, body),
  /** A fresh proof-of-work challenge for the comment form (never cached: each is used once). */
  commentChallenge: () => getCommentChallenge(),
};

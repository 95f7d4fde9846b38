import type { ListPostsParams } from '@/lib/api';

/** Footer: the 3 latest published posts (SPEC §1, §9). */
export const FOOTER_POSTS_COUNT = 3;
export const footerPostsParams: ListPostsParams = { published: true, limit: FOOTER_POSTS_COUNT };

import type { HomeLayoutDto, ListPostsParams } from '@/lib/api';

/** Home defaults of SPEC §3/§9, used when the layout could not be read. */
export const DEFAULT_HOME_LAYOUT: HomeLayoutDto = {
  showHero: true,
  showFeaturedPost: true,
  showLatestPosts: true,
  showCategories: true,
  showNewsletter: true,
  latestPostsCount: 3,
  categoriesCount: 4,
  postsPerCategory: 3,
  heroTitle: null,
  heroSubtitle: null,
  heroBgColor: null,
};

/** The latest-posts grid: the layout's count, or every published post after 'View All' (/?view=all). */
export function latestPostsParams(layout: HomeLayoutDto | undefined, all: boolean): ListPostsParams {
  return all ? { published: true } : { published: true, limit: (layout ?? DEFAULT_HOME_LAYOUT).latestPostsCount };
}

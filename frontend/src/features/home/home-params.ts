import { DEFAULT_HOME_LAYOUT } from '@rules/home-layout';
import type { HomeLayoutDto, ListPostsParams } from '@/lib/api';

/** The latest-posts grid: the layout's count, or every published post after 'View All' (/?view=all). */
export function latestPostsParams(layout: HomeLayoutDto | undefined, all: boolean): ListPostsParams {
  return all ? { published: true } : { published: true, limit: (layout ?? DEFAULT_HOME_LAYOUT).latestPostsCount };
}

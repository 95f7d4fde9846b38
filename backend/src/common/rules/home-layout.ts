/** The home page's layout settings (SPEC §3), shared by the API's defaults and the frontend's fallbacks. */

export interface HomeLayout {
  showHero: boolean;
  showFeaturedPost: boolean;
  showLatestPosts: boolean;
  showCategories: boolean;
  showNewsletter: boolean;
  latestPostsCount: number;
  categoriesCount: number;
  postsPerCategory: number;
  heroTitle: string | null;
  heroSubtitle: string | null;
  heroBgColor: string | null;
}

/** SPEC §3: every section shown, 3 latest posts, 4 categories, 3 posts per category, hero texts from the UI's defaults. */
export const DEFAULT_HOME_LAYOUT: HomeLayout = {
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

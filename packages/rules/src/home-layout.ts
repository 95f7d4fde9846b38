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

/** The counts of the layout: whole numbers within these bounds (SPEC §3). */
export const HOME_LAYOUT_COUNT_LIMITS = {
  latestPostsCount: { min: 1, max: 12 },
  categoriesCount: { min: 1, max: 12 },
  postsPerCategory: { min: 1, max: 10 },
} as const satisfies Record<string, { min: number; max: number }>;

export type HomeLayoutCount = keyof typeof HOME_LAYOUT_COUNT_LIMITS;

export const HERO_TITLE_MAX_LENGTH = 200;
export const HERO_SUBTITLE_MAX_LENGTH = 500;

/** A layout count as given when it is a whole number within its bounds, the default count otherwise. */
export function layoutCountOrDefault(field: HomeLayoutCount, value: unknown): number {
  const { min, max } = HOME_LAYOUT_COUNT_LIMITS[field];
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : DEFAULT_HOME_LAYOUT[field];
}

import { DEFAULT_HOME_LAYOUT } from '@rules/home-layout';
import type { HomeLayoutDto } from '../api';

export const LATEST_POSTS_CHOICES = [1, 2, 3, 4, 5, 6, 9, 12] as const;
export const CATEGORIES_CHOICES = [1, 2, 3, 4, 6, 8, 12] as const;
export const POSTS_PER_CATEGORY_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
/** The colour picker's starting value when no colour is set (the home page then uses its default gradient). */
export const DEFAULT_PICKER_COLOR = '#2563eb';

export interface LayoutForm {
  showHero: boolean;
  showFeaturedPost: boolean;
  showLatestPosts: boolean;
  showCategories: boolean;
  showNewsletter: boolean;
  latestPostsCount: number;
  categoriesCount: number;
  postsPerCategory: number;
  heroTitle: string;
  heroSubtitle: string;
  heroBgColor: string;
}

/** The shared defaults (backend/src/common/rules/home-layout.ts) as form values. */
export const DEFAULT_LAYOUT: LayoutForm = {
  ...DEFAULT_HOME_LAYOUT,
  heroTitle: DEFAULT_HOME_LAYOUT.heroTitle ?? '',
  heroSubtitle: DEFAULT_HOME_LAYOUT.heroSubtitle ?? '',
  heroBgColor: DEFAULT_HOME_LAYOUT.heroBgColor ?? '',
};
const D = DEFAULT_HOME_LAYOUT;

const clamp = (value: unknown, min: number, max: number, fallback: number) => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

export function layoutFormFrom(dto: Partial<HomeLayoutDto> | undefined): LayoutForm {
  return {
    showHero: dto?.showHero ?? D.showHero,
    showFeaturedPost: dto?.showFeaturedPost ?? D.showFeaturedPost,
    showLatestPosts: dto?.showLatestPosts ?? D.showLatestPosts,
    showCategories: dto?.showCategories ?? D.showCategories,
    showNewsletter: dto?.showNewsletter ?? D.showNewsletter,
    latestPostsCount: clamp(dto?.latestPostsCount, 1, 12, D.latestPostsCount),
    categoriesCount: clamp(dto?.categoriesCount, 1, 12, D.categoriesCount),
    postsPerCategory: clamp(dto?.postsPerCategory, 1, 10, D.postsPerCategory),
    heroTitle: dto?.heroTitle ?? '',
    heroSubtitle: dto?.heroSubtitle ?? '',
    heroBgColor: dto?.heroBgColor ?? '',
  };
}

/** Body of PUT /api/home-layout: counts within 1-12 (1-10), blank texts sent as null (back to defaults). */
export function layoutPayload(form: LayoutForm): HomeLayoutDto {
  return {
    ...form,
    latestPostsCount: clamp(form.latestPostsCount, 1, 12, D.latestPostsCount),
    categoriesCount: clamp(form.categoriesCount, 1, 12, D.categoriesCount),
    postsPerCategory: clamp(form.postsPerCategory, 1, 10, D.postsPerCategory),
    heroTitle: form.heroTitle.trim() || null,
    heroSubtitle: form.heroSubtitle.trim() || null,
    heroBgColor: form.heroBgColor.trim() || null,
  };
}

export function layoutsDiffer(a: LayoutForm, b: LayoutForm): boolean {
  return (Object.keys(a) as (keyof LayoutForm)[]).some((k) => a[k] !== b[k]);
}

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

export const DEFAULT_LAYOUT: LayoutForm = {
  showHero: true,
  showFeaturedPost: true,
  showLatestPosts: true,
  showCategories: true,
  showNewsletter: true,
  latestPostsCount: 3,
  categoriesCount: 4,
  postsPerCategory: 3,
  heroTitle: '',
  heroSubtitle: '',
  heroBgColor: '',
};

const clamp = (value: unknown, min: number, max: number, fallback: number) => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

export function layoutFormFrom(dto: Partial<HomeLayoutDto> | undefined): LayoutForm {
  return {
    showHero: dto?.showHero ?? true,
    showFeaturedPost: dto?.showFeaturedPost ?? true,
    showLatestPosts: dto?.showLatestPosts ?? true,
    showCategories: dto?.showCategories ?? true,
    showNewsletter: dto?.showNewsletter ?? true,
    latestPostsCount: clamp(dto?.latestPostsCount, 1, 12, 3),
    categoriesCount: clamp(dto?.categoriesCount, 1, 12, 4),
    postsPerCategory: clamp(dto?.postsPerCategory, 1, 10, 3),
    heroTitle: dto?.heroTitle ?? '',
    heroSubtitle: dto?.heroSubtitle ?? '',
    heroBgColor: dto?.heroBgColor ?? '',
  };
}

/** Body of PUT /api/home-layout: counts within 1-12 (1-10), blank texts sent as null (back to defaults). */
export function layoutPayload(form: LayoutForm): HomeLayoutDto {
  return {
    ...form,
    latestPostsCount: clamp(form.latestPostsCount, 1, 12, 3),
    categoriesCount: clamp(form.categoriesCount, 1, 12, 4),
    postsPerCategory: clamp(form.postsPerCategory, 1, 10, 3),
    heroTitle: form.heroTitle.trim() || null,
    heroSubtitle: form.heroSubtitle.trim() || null,
    heroBgColor: form.heroBgColor.trim() || null,
  };
}

export function layoutsDiffer(a: LayoutForm, b: LayoutForm): boolean {
  return (Object.keys(a) as (keyof LayoutForm)[]).some((k) => a[k] !== b[k]);
}

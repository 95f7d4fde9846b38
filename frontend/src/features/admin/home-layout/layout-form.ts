import { DEFAULT_HOME_LAYOUT, layoutCountOrDefault, type HomeLayout } from '@mudawwana/rules';
import type { HomeLayoutDto } from '../api';

export const LATEST_POSTS_CHOICES = [1, 2, 3, 4, 5, 6, 9, 12] as const;
export const CATEGORIES_CHOICES = [1, 2, 3, 4, 6, 8, 12] as const;
export const POSTS_PER_CATEGORY_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
/** The colour picker's starting value when no colour is set (the home page then uses its default gradient). */
export const DEFAULT_PICKER_COLOR = '#2563eb';

/** The layout's fields as a form holds them: a blank text instead of none. */
export type LayoutForm = { [Field in keyof HomeLayout]: NonNullable<HomeLayout[Field]> };

/** The shared defaults (@mudawwana/rules) as form values. */
export const DEFAULT_LAYOUT: LayoutForm = {
  ...DEFAULT_HOME_LAYOUT,
  heroTitle: DEFAULT_HOME_LAYOUT.heroTitle ?? '',
  heroSubtitle: DEFAULT_HOME_LAYOUT.heroSubtitle ?? '',
  heroBgColor: DEFAULT_HOME_LAYOUT.heroBgColor ?? '',
};
const D = DEFAULT_HOME_LAYOUT;

export function layoutFormFrom(dto: Partial<HomeLayoutDto> | undefined): LayoutForm {
  return {
    showHero: dto?.showHero ?? D.showHero,
    showFeaturedPost: dto?.showFeaturedPost ?? D.showFeaturedPost,
    showLatestPosts: dto?.showLatestPosts ?? D.showLatestPosts,
    showCategories: dto?.showCategories ?? D.showCategories,
    showNewsletter: dto?.showNewsletter ?? D.showNewsletter,
    latestPostsCount: layoutCountOrDefault('latestPostsCount', dto?.latestPostsCount),
    categoriesCount: layoutCountOrDefault('categoriesCount', dto?.categoriesCount),
    postsPerCategory: layoutCountOrDefault('postsPerCategory', dto?.postsPerCategory),
    heroTitle: dto?.heroTitle ?? '',
    heroSubtitle: dto?.heroSubtitle ?? '',
    heroBgColor: dto?.heroBgColor ?? '',
  };
}

/** Body of PUT /api/home-layout: counts within their bounds, blank texts sent as null (back to defaults). */
export function layoutPayload(form: LayoutForm): HomeLayoutDto {
  return {
    ...form,
    latestPostsCount: layoutCountOrDefault('latestPostsCount', form.latestPostsCount),
    categoriesCount: layoutCountOrDefault('categoriesCount', form.categoriesCount),
    postsPerCategory: layoutCountOrDefault('postsPerCategory', form.postsPerCategory),
    heroTitle: form.heroTitle.trim() || null,
    heroSubtitle: form.heroSubtitle.trim() || null,
    heroBgColor: form.heroBgColor.trim() || null,
  };
}

export function layoutsDiffer(a: LayoutForm, b: LayoutForm): boolean {
  return (Object.keys(a) as (keyof LayoutForm)[]).some((k) => a[k] !== b[k]);
}

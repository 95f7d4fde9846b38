import { t } from '@/i18n';

/** The five fixed category entries of the header (SPEC §2). */
export const HEADER_CATEGORY_SLUGS = ['marketing', 'artificial-intelligence', 'entrepreneurship', 'humanities', 'work-life'] as const;

export function headerCategories(): { slug: string; name: string; href: string }[] {
  return HEADER_CATEGORY_SLUGS.map((slug) => ({ slug, name: t(`category.${slug}`), href: `/category/${slug}` }));
}

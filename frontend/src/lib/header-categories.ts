import { HEADER_CATEGORIES } from '@mudawwana/rules';

/** The five fixed category entries of the header (SPEC §2), with their links. */
export function headerCategories(): { slug: string; name: string; href: string }[] {
  return HEADER_CATEGORIES.map(({ slug, name }) => ({ slug, name, href: `/category/${slug}` }));
}

import type { CategoryDto } from '@/lib/api';

/** Chakra colour palettes a category can wear: each reads well in both themes through its semantic tokens. */
const PALETTES = ['blue', 'teal', 'purple', 'orange', 'pink', 'green', 'cyan', 'red'] as const;
export type CoverPalette = (typeof PALETTES)[number] | 'gray';

/** The background patterns of a generated cover. */
export const COVER_PATTERNS = ['dots', 'lines', 'rings', 'grid'] as const;
export type CoverPattern = (typeof COVER_PATTERNS)[number];

/** A category keeps its colour everywhere (covers, tiles); posts without a category are grey. */
export function categoryPalette(category: Pick<CategoryDto, 'id'> | undefined): CoverPalette {
  return category ? PALETTES[category.id % PALETTES.length]! : 'gray';
}

/** Posts of one category differ by pattern, chosen from the post's id so it never changes between renders. */
export function coverPattern(postId: number): CoverPattern {
  return COVER_PATTERNS[postId % COVER_PATTERNS.length]!;
}

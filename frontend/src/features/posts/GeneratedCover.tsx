import { Box, Center, type BoxProps } from '@chakra-ui/react';
import { categoryIcon } from '@/features/home/category-icon';
import type { CategoryDto } from '@/lib/api';
import { categoryPalette, coverPattern, type CoverPattern } from './category-look';

/** CSS backgrounds drawn in the palette's colour (currentColor): no image to load, no text to shape. */
const PATTERNS: Record<CoverPattern, { backgroundImage: string; backgroundSize?: string }> = {
  dots: { backgroundImage: 'radial-gradient(currentColor 1.6px, transparent 1.8px)', backgroundSize: '18px 18px' },
  lines: { backgroundImage: 'repeating-linear-gradient(135deg, currentColor 0 2px, transparent 2px 16px)' },
  rings: { backgroundImage: 'repeating-radial-gradient(circle at 15% 20%, transparent 0 18px, currentColor 18px 20px)' },
  grid: {
    backgroundImage: 'linear-gradient(currentColor 1px, transparent 1px), linear-gradient(90deg, currentColor 1px, transparent 1px)',
    backgroundSize: '22px 22px',
  },
};

/**
 * The cover of a post without an image: its category's colour, a pattern and the category's icon (SPEC §2 icons).
 * Decorative (the card's title names the post), the same in the server HTML and without JavaScript.
 */
export function GeneratedCover({
  postId,
  category,
  ...box
}: { postId: number; category?: Pick<CategoryDto, 'id' | 'name'> } & Omit<BoxProps, 'children'>) {
  const Icon = categoryIcon(category?.name ?? '');
  return (
    <Box
      aspectRatio={16 / 9}
      position="relative"
      overflow="hidden"
      colorPalette={categoryPalette(category)}
      bg="colorPalette.subtle"
      aria-hidden
      data-testid="generated-cover"
      data-palette={categoryPalette(category)}
      {...box}
    >
      <Box position="absolute" inset="0" color="colorPalette.muted" opacity="0.8" {...PATTERNS[coverPattern(postId)]} />
      <Center position="absolute" inset="0">
        <Center w="16" h="16" rounded="full" bg="colorPalette.solid" color="colorPalette.contrast" shadow="md">
          <Icon size={30} strokeWidth={1.75} />
        </Center>
      </Center>
    </Box>
  );
}

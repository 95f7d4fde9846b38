import { Badge, HStack, Text } from '@chakra-ui/react';
import { CalendarDays, Clock } from 'lucide-react';
import { displayReadTime } from '@mudawwana/rules';
import { formatDate, readTimeLabel, t } from '@/i18n';
import type { CategoryDto } from '@/lib/api';
import { categoryPalette } from './category-look';

export function categoryOf(categories: CategoryDto[] | undefined, categoryId: number | null | undefined): CategoryDto | undefined {
  return categoryId == null ? undefined : categories?.find((c) => c.id === categoryId);
}

/**
 * Category badge in the category's colour (or 'Uncategorized'), date (or 'No date') and read time (5 when missing).
 * A category's own page leaves the badge out (`showCategory={false}`): every card there would repeat its name.
 */
export function PostMeta({
  category,
  createdAt,
  readTime,
  size = 'sm',
  showCategory = true,
}: {
  category?: CategoryDto;
  createdAt?: string | null;
  readTime?: number | null;
  size?: 'sm' | 'md';
  showCategory?: boolean;
}) {
  return (
    <HStack gap="3" flexWrap="wrap" fontSize={size} color="fg.muted">
      {showCategory && (
        <Badge colorPalette={categoryPalette(category)} variant="subtle" data-testid="post-category">
          {category?.name ?? t('post.uncategorized')}
        </Badge>
      )}
      <HStack gap="1">
        <CalendarDays aria-hidden size={14} />
        <Text as="span" data-testid="post-date">
          {createdAt ? formatDate(createdAt) : t('post.noDate')}
        </Text>
      </HStack>
      <HStack gap="1">
        <Clock aria-hidden size={14} />
        <Text as="span" data-testid="post-read-time">
          {readTimeLabel(displayReadTime(readTime))}
        </Text>
      </HStack>
    </HStack>
  );
}

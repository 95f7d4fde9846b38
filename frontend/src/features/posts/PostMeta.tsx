import { Avatar, Badge, HStack, Text } from '@chakra-ui/react';
import { CalendarDays, Clock, MessageCircle } from 'lucide-react';
import { displayReadTime } from '@mudawwana/rules';
import { readTimeLabel, t } from '@/i18n';
import { useReaderDates } from '@/lib/reader-dates';
import type { AuthorDto, CategoryDto } from '@/lib/api';
import { initials } from '@/lib/initials';
import { categoryPalette } from './category-look';
import { commentCountLabel } from './comment-count';

export function categoryOf(categories: CategoryDto[] | undefined, categoryId: number | null | undefined): CategoryDto | undefined {
  return categoryId == null ? undefined : categories?.find((c) => c.id === categoryId);
}

/**
 * Category badge in the category's colour (or 'Uncategorized'), date (or 'No date'), read time (5 when missing) and,
 * on cards, the approved comments (an icon and the number, said in words to screen readers; nothing while none).
 * A category's own page leaves the badge out (`showCategory={false}`): every card there would repeat its name.
 */
export function PostMeta({
  category,
  createdAt,
  readTime,
  size = 'sm',
  showCategory = true,
  commentCount = 0,
}: {
  category?: Pick<CategoryDto, 'id' | 'name'>;
  createdAt?: string | null;
  readTime?: number | null;
  size?: 'sm' | 'md';
  showCategory?: boolean;
  commentCount?: number;
}) {
  const dates = useReaderDates();
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
          {createdAt ? dates.formatDate(createdAt) : t('post.noDate')}
        </Text>
      </HStack>
      <HStack gap="1">
        <Clock aria-hidden size={14} />
        <Text as="span" data-testid="post-read-time">
          {readTimeLabel(displayReadTime(readTime), dates.digits)}
        </Text>
      </HStack>
      {commentCount > 0 && (
        <HStack gap="1" role="img" aria-label={commentCountLabel(commentCount, dates.digits)} data-testid="post-comment-count">
          <MessageCircle aria-hidden size={14} />
          <span>{dates.formatNumber(commentCount)}</span>
        </HStack>
      )}
    </HStack>
  );
}

/** The post's author: their avatar (or the initials of their name while it has none) and their name. */
export function PostByline({ author }: { author: AuthorDto }) {
  return (
    <HStack gap="3" data-testid="post-byline">
      <Avatar.Root size="sm">
        <Avatar.Fallback data-testid="post-author-initials">{initials(author.name)}</Avatar.Fallback>
        {author.avatarUrl ? <Avatar.Image src={author.avatarUrl} alt="" /> : null}
      </Avatar.Root>
      <Text as="span" color="fg.muted">
        {t('post.by')}{' '}
        <Text as="span" color="fg" fontWeight="semibold" css={{ unicodeBidi: 'plaintext' }} data-testid="post-author-name">
          {author.name}
        </Text>
      </Text>
    </HStack>
  );
}

import { displayReadTime, isScheduled } from '@mudawwana/rules';
import { Badge, Button, Center, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { ImageOff, Star } from 'lucide-react';
import { formatDate } from '@/i18n/format';
import { readTimeLabel } from '@/i18n';
import { admin as t } from '@/i18n/admin';
import type { PostSummaryDto } from '../api';
import type { PostRowControls } from './useDashboard';

/** The post's thumbnail (or a 'no image' box), its title linking to the editor, and its reading time. */
export function PostTitle({ post }: { post: PostSummaryDto }) {
  return (
    <HStack gap="3" align="start">
      {post.featuredImage ? (
        <Image src={post.featuredImage} alt="" w="16" h="12" objectFit="cover" borderRadius="sm" flexShrink={0} />
      ) : (
        <Center w="16" h="12" bg="bg.muted" borderRadius="sm" flexShrink={0} title={t.noImage} data-testid="no-image">
          <ImageOff size={18} aria-hidden />
          <Text srOnly>{t.noImage}</Text>
        </Center>
      )}
      <Stack gap="0.5" minW="0">
        <Link to={`/admin/edit/${post.id}`} style={{ fontWeight: 600 }}>
          {post.title}
        </Link>
        <Text fontSize="xs" color="fg.muted">
          {readTimeLabel(displayReadTime(post.readTime))}
        </Text>
      </Stack>
    </HStack>
  );
}

/** Draft, published, or scheduled (with its time as the tooltip). */
export function PostStatusBadge({ post }: { post: PostSummaryDto }) {
  if (isScheduled(post)) {
    return (
      <Badge colorPalette="purple" title={t.scheduledFor(formatDate(post.publishAt))} data-testid="scheduled-badge">
        {t.scheduled}
      </Badge>
    );
  }
  return <Badge colorPalette={post.published ? 'green' : 'gray'}>{post.published ? t.published : t.draft}</Badge>;
}

/** The 'featured article' badge, or the button that makes a published post the featured one. */
export function FeaturedControl({ post, controls }: { post: PostSummaryDto; controls: PostRowControls }) {
  if (post.featured) {
    return (
      <Badge colorPalette="yellow" data-testid="featured-badge">
        <Star size={12} aria-hidden />
        {t.featuredArticle}
      </Badge>
    );
  }
  return (
    <Button
      size="xs"
      variant="outline"
      disabled={!post.published || controls.featurePending}
      title={post.published ? undefined : t.onlyPublishedCanBeFeatured}
      onClick={() => controls.feature(post)}
    >
      <Star size={12} aria-hidden />
      {t.setFeatured}
    </Button>
  );
}

/** A box of the bulk selection: a post's, or the whole page's in the table's header. */
export function SelectBox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      style={{ width: '1.1rem', height: '1.1rem', cursor: 'pointer' }}
    />
  );
}

/** The post's box in the bulk selection. */
export function PostSelectBox({ post, controls }: { post: PostSummaryDto; controls: PostRowControls }) {
  return (
    <SelectBox
      label={t.selectPost(post.title)}
      checked={controls.isSelected(post)}
      onChange={(checked) => controls.toggle(post.id, checked)}
    />
  );
}

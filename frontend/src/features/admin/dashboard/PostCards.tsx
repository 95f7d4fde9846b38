import { Card, HStack, Stack, Text } from '@chakra-ui/react';
import { formatDate } from '@/i18n/format';
import type { PostSummaryDto } from '../api';
import PostActions from './PostActions';
import { FeaturedControl, PostSelectBox, PostStatusBadge, PostTitle } from './PostSummary';
import type { PostRowControls } from './useDashboard';

/** The posts on a phone: one card per post, every field and action in sight, labelled. */
export default function PostCards({ rows, controls }: { rows: PostSummaryDto[]; controls: PostRowControls }) {
  return (
    <Stack as="ul" gap="3" listStyleType="none">
      {rows.map((post) => (
        <Card.Root as="li" key={post.id} variant="outline" size="sm" data-testid="post-card-row">
          <Card.Body gap="3">
            <HStack gap="3" align="start">
              <PostSelectBox post={post} controls={controls} />
              <PostTitle post={post} />
            </HStack>
            <HStack gap="2" wrap="wrap" fontSize="xs" color="fg.muted">
              <PostStatusBadge post={post} />
              <Text>{controls.categoryLabel(post)}</Text>
              <Text>{formatDate(post.createdAt)}</Text>
            </HStack>
            <HStack gap="2" wrap="wrap" justify="space-between">
              <FeaturedControl post={post} controls={controls} />
              <PostActions post={post} controls={controls} labelled />
            </HStack>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

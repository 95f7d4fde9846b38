import { Box, Card, Heading, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { IMAGE_SIZES, LazyImage } from '@/components/ui/LazyImage';
import type { CategoryDto, PostSummaryDto } from '@/lib/api';
import { PostMeta } from './PostMeta';

/** A post in a grid: image, meta line, title (the link) and excerpt. */
export function PostCard({
  post,
  category,
  headingLevel = 'h3',
  eager = false,
}: {
  post: PostSummaryDto;
  category?: CategoryDto;
  headingLevel?: 'h2' | 'h3';
  /** The first card of a page whose top it is (its image is the page's largest paint): load it at once. */
  eager?: boolean;
}) {
  return (
    <Card.Root
      as="article"
      overflow="hidden"
      bg="card"
      variant="outline"
      position="relative"
      _hover={{ shadow: 'md' }}
      transition="box-shadow .2s"
      data-testid="post-card"
    >
      {post.featuredImage ? (
        <LazyImage src={post.featuredImage} alt="" sizes={IMAGE_SIZES.card} eager={eager} />
      ) : (
        <Box aspectRatio={16 / 9} bgGradient="to-br" gradientFrom="blue.500/20" gradientTo="purple.500/20" aria-hidden />
      )}
      <Card.Body gap="3">
        <PostMeta category={category} createdAt={post.createdAt} readTime={post.readTime} />
        <Heading as={headingLevel} size="md" lineHeight="1.5">
          <Link to={`/post/${post.slug}`} className="card-link">
            {post.title}
          </Link>
        </Heading>
        {post.excerpt && (
          <Text color="fg.muted" fontSize="sm" lineClamp={3}>
            {post.excerpt}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

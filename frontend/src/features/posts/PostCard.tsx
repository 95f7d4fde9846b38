import { Card, Heading, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { IMAGE_SIZES, LazyImage } from '@/components/ui/LazyImage';
import type { CategoryDto, PostSummaryDto } from '@/lib/api';
import { GeneratedCover } from './GeneratedCover';
import { PostMeta } from './PostMeta';
import { postPath } from './post-params';

/**
 * A post in a grid: its image (or a cover drawn from its category), the title (the link), the meta line under it (with
 * its approved comments' count, when it has some) and the excerpt. On a category's page the cards leave out the category badge (`showCategory={false}`).
 */
export function PostCard({
  post,
  category,
  headingLevel = 'h3',
  eager = false,
  showCategory = true,
}: {
  post: PostSummaryDto;
  category?: CategoryDto;
  headingLevel?: 'h2' | 'h3';
  /** The first card of a page whose top it is (its image is the page's largest paint): load it at once. */
  eager?: boolean;
  showCategory?: boolean;
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
        <GeneratedCover postId={post.id} category={category} />
      )}
      <Card.Body gap="3">
        <Heading as={headingLevel} size="md" lineHeight="1.5" lang={post.language} dir={post.direction}>
          <Link to={postPath(post.slug)} className="card-link">
            {post.title}
          </Link>
        </Heading>
        <PostMeta
          category={category}
          createdAt={post.createdAt}
          readTime={post.readTime}
          showCategory={showCategory}
          commentCount={post.commentCount}
        />
        {post.excerpt && (
          <Text color="fg.muted" fontSize="sm" lineClamp={3}>
            {post.excerpt}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

import { Badge, Box, Card, Grid, Heading, Text } from '@chakra-ui/react';
import { Star } from 'lucide-react';
import { Link } from 'react-router-dom';
import { IMAGE_SIZES, LazyImage } from '@/components/ui/LazyImage';
import { GeneratedCover } from '@/features/posts/GeneratedCover';
import { PostMeta, categoryOf } from '@/features/posts/PostMeta';
import { useAuth } from '@/features/auth/useAuth';
import { t } from '@/i18n';
import type { CategoryDto, PostDto } from '@/lib/api';
import { postPath } from '@/features/posts/post-params';

/**
 * The featured post card with its badge (SPEC §2); the whole card leads to the post. Without a featured post the
 * section is left out for readers; only the signed-in author sees the empty state telling how to set one.
 */
export function FeaturedPost({ post, categories }: { post: PostDto | null; categories: CategoryDto[] | undefined }) {
  const category = categoryOf(categories, post?.categoryId);
  if (!post) return <FeaturedEmptyForAuthor />;
  return (
    <Card.Root
      as="section"
      aria-label={t('home.featuredBadge')}
      overflow="hidden"
      variant="outline"
      bg="card"
      position="relative"
      data-testid="featured-post"
    >
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }}>
        {post.featuredImage ? (
          <LazyImage src={post.featuredImage} alt="" sizes={IMAGE_SIZES.featured} aspectRatio={{ base: 16 / 9, md: 4 / 3 }} eager />
        ) : (
          <GeneratedCover postId={post.id} category={category} aspectRatio={{ base: 16 / 9, md: 4 / 3 }} />
        )}
        <Card.Body gap="4" justifyContent="center">
          <Badge
            bg={{ _light: 'orange.700', _dark: 'orange.300' }}
            color={{ _light: 'white', _dark: 'gray.950' }}
            alignSelf="flex-start"
            size="lg"
          >
            <Star aria-hidden size={14} />
            {t('home.featuredBadge')}
          </Badge>
          <Heading as="h2" size="2xl" lineHeight="1.4" lang={post.language} dir={post.direction}>
            <Link to={postPath(post.slug)} className="card-link">
              {post.title}
            </Link>
          </Heading>
          {post.excerpt && (
            <Text color="fg.muted" lang={post.language} dir={post.direction}>
              {post.excerpt}
            </Text>
          )}
          <PostMeta category={category} createdAt={post.createdAt} readTime={post.readTime} />
        </Card.Body>
      </Grid>
    </Card.Root>
  );
}

/**
 * The server renders pages for an anonymous reader (the same HTML for everyone), and the first client render must
 * match it: the user query never runs on the server and has no answer yet while hydrating, so the empty state appears
 * only once the browser knows the author is signed in.
 */
function FeaturedEmptyForAuthor() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Box
      as="section"
      aria-label={t('home.featuredBadge')}
      borderWidth="2px"
      borderStyle="dashed"
      borderColor="border"
      rounded="xl"
      p="8"
      textAlign="center"
      color="fg.muted"
      data-testid="featured-empty"
    >
      {t('home.featuredEmpty')}
    </Box>
  );
}

import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { isNotFound } from '@/app/query-client';
import { Seo } from '@/app/render-context';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { NotFoundScreen } from '@/features/errors/NotFoundPage';
import { PostCard } from '@/features/posts/PostCard';
import { t } from '@/i18n';
import { categoryBySlugQuery, postsQuery } from '@/lib/api';
import { categoryPostsParams } from './category-params';

/** /category/:slug (SPEC §2): the category's published posts, newest first; empty and not-found states. */
export function CategoryPage() {
  const { slug = '' } = useParams();
  const category = useQuery(categoryBySlugQuery(slug));
  const posts = useQuery({ ...postsQuery(categoryPostsParams(slug)), enabled: category.isSuccess });
  const path = `/category/${slug}`;

  if (category.isPending) return <PageSpinner />;
  if (category.isError) {
    return isNotFound(category.error) ? (
      <NotFoundScreen title={t('category.notFound')} text={t('category.notFoundText')} path={path} />
    ) : (
      <Text role="alert" color="red.fg" textAlign="center" py="10">
        {t('error.fetchCategory')}
      </Text>
    );
  }
  const sorted = [...(posts.data ?? [])].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return (
    <Stack gap="8" data-testid="category-page">
      <Seo title={category.data.name} description={t('category.postsIn', { name: category.data.name })} path={path} />
      <Heading as="h1" size="3xl">
        {category.data.name}
      </Heading>
      {posts.isPending ? (
        <PageSpinner />
      ) : sorted.length > 0 ? (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
          {sorted.map((post) => (
            <PostCard key={post.id} post={post} category={category.data} headingLevel="h2" />
          ))}
        </SimpleGrid>
      ) : (
        <Text color="fg.muted" fontSize="lg" py="10" textAlign="center" data-testid="category-empty">
          {posts.isError ? t('error.fetchPosts') : t('category.empty')}
        </Text>
      )}
    </Stack>
  );
}

import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { pageCount, parsePageParam, PUBLIC_PAGE_SIZE } from '@mudawwana/rules';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import { isNotFound } from '@/api/http';
import { Seo } from '@/page/render-context';
import { PageNav } from '@/components/ui/PageNav';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { NotFoundPage, NotFoundScreen } from '@/features/errors/NotFoundPage';
import { PostCard } from '@/features/posts/PostCard';
import { postCountLabel, t } from '@/i18n';
import { categoryBySlugQuery, postsQuery } from '@/lib/api';
import { categoryPath, categoryPostsParams } from './category-params';

/**
 * /category/:slug (SPEC §2): the category's name and post count, then its published posts, newest first, a fixed
 * page at a time (?page=N) with numbered navigation; empty and not-found states.
 */
export function CategoryPage() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const page = parsePageParam(search.get('page'));
  const category = useQuery(categoryBySlugQuery(slug));
  const posts = useQuery({
    ...postsQuery(categoryPostsParams(slug, page)),
    enabled: category.isSuccess,
    placeholderData: keepPreviousData,
  });

  if (category.isPending) return <PageSpinner />;
  if (category.isError) {
    return isNotFound(category.error) ? (
      <NotFoundScreen title={t('category.notFound')} text={t('category.notFoundText')} path={categoryPath(slug)} />
    ) : (
      <Text role="alert" color="red.fg" textAlign="center" py="10">
        {t('error.fetchCategory')}
      </Text>
    );
  }
  const { name, postCount } = category.data;
  const totalPages = pageCount(postCount, PUBLIC_PAGE_SIZE);
  // A page past the last one does not exist (one 404, not an endless series of empty pages).
  if (page > totalPages) return <NotFoundPage />;
  return (
    <Stack gap="8" data-testid="category-page">
      <Seo
        title={page === 1 ? name : `${name} - ${t('pagination.page', { page })}`}
        description={t('category.postsIn', { name })}
        path={categoryPath(slug, page)}
        prev={page > 1 ? categoryPath(slug, page - 1) : undefined}
        next={page < totalPages ? categoryPath(slug, page + 1) : undefined}
      />
      <Stack gap="1" id="category-title">
        <Heading as="h1" size="3xl">
          {name}
        </Heading>
        <Text color="fg.muted" data-testid="category-count">
          {postCountLabel(postCount)}
        </Text>
      </Stack>
      {posts.isPending ? (
        <PageSpinner />
      ) : posts.data && posts.data.length > 0 ? (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
            {posts.data.map((post, index) => (
              <PostCard key={post.id} post={post} category={category.data} headingLevel="h2" eager={index === 0} />
            ))}
          </SimpleGrid>
          <PageNav page={page} totalPages={totalPages} href={(n) => categoryPath(slug, n)} scrollTo="category-title" />
        </>
      ) : (
        <Text color="fg.muted" fontSize="lg" py="10" textAlign="center" data-testid="category-empty">
          {posts.isError ? t('error.fetchPosts') : t('category.empty')}
        </Text>
      )}
    </Stack>
  );
}

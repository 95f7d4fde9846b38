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
import { categoryOf } from '@/features/posts/PostMeta';
import { postCountLabel, t } from '@/i18n';
import { useReaderDates } from '@/lib/reader-dates';
import { categoriesQuery, postsQuery, tagBySlugQuery } from '@/lib/api';
import { tagPath, tagPostsParams } from './tag-params';

/**
 * /tag/:slug (issue 13): the tag's name and post count, then its published posts, newest first, a fixed page at a
 * time (?page=N) like the category pages; not-found when no published post carries it.
 */
export function TagPage() {
  const { digits } = useReaderDates();
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const page = parsePageParam(search.get('page'));
  const tag = useQuery(tagBySlugQuery(slug));
  const categories = useQuery(categoriesQuery());
  const posts = useQuery({ ...postsQuery(tagPostsParams(slug, page)), enabled: tag.isSuccess, placeholderData: keepPreviousData });

  if (tag.isPending) return <PageSpinner />;
  if (tag.isError) {
    return isNotFound(tag.error) ? (
      <NotFoundScreen title={t('tag.notFound')} text={t('tag.notFoundText')} path={tagPath(slug)} />
    ) : (
      <Text role="alert" color="red.fg" textAlign="center" py="10">
        {t('error.fetchPosts')}
      </Text>
    );
  }
  const { name, count } = tag.data;
  const totalPages = pageCount(count, PUBLIC_PAGE_SIZE);
  if (page > totalPages) return <NotFoundPage />;
  return (
    <Stack gap="8" data-testid="tag-page">
      <Seo
        title={page === 1 ? `#${name}` : `#${name} - ${t('pagination.page', { page })}`}
        description={t('tag.postsWith', { name })}
        path={tagPath(slug, page)}
        prev={page > 1 ? tagPath(slug, page - 1) : undefined}
        next={page < totalPages ? tagPath(slug, page + 1) : undefined}
      />
      <Stack gap="1" id="tag-title">
        <Text color="fg.muted" fontSize="sm">
          {t('tag.label')}
        </Text>
        <Heading as="h1" size="3xl" css={{ unicodeBidi: 'plaintext', textAlign: 'start' }}>
          {name}
        </Heading>
        <Text color="fg.muted" data-testid="tag-count">
          {postCountLabel(count, digits)}
        </Text>
      </Stack>
      {posts.isPending ? (
        <PageSpinner />
      ) : posts.data && posts.data.length > 0 ? (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
            {posts.data.map((post, index) => (
              <PostCard
                key={post.id}
                post={post}
                category={categoryOf(categories.data, post.categoryId)}
                headingLevel="h2"
                eager={index === 0}
              />
            ))}
          </SimpleGrid>
          <PageNav page={page} totalPages={totalPages} href={(n) => tagPath(slug, n)} scrollTo="tag-title" />
        </>
      ) : (
        <Text color="fg.muted" fontSize="lg" py="10" textAlign="center" data-testid="tag-empty">
          {posts.isError ? t('error.fetchPosts') : t('tag.empty')}
        </Text>
      )}
    </Stack>
  );
}

import { Button, Center, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { pageCount, parsePageParam, PUBLIC_PAGE_SIZE } from '@mudawwana/rules';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { isNotFound } from '@/api/http';
import { Seo } from '@/page/render-context';
import { PageNav } from '@/components/ui/PageNav';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { NotFoundPage, NotFoundScreen } from '@/features/errors/NotFoundPage';
import { categoryIcon } from '@/features/home/category-icon';
import { categoryPalette } from '@/features/posts/category-look';
import { PostCard } from '@/features/posts/PostCard';
import { postCountLabel, t } from '@/i18n';
import { useReaderDates } from '@/lib/reader-dates';
import { categoryBySlugQuery, postsQuery } from '@/lib/api';
import { categoryPath, categoryPostsParams } from './category-params';

/**
 * /category/:slug (SPEC §2): the category's icon, name, a line about it and its post count, then its published posts,
 * newest first, a fixed page at a time (?page=N) with numbered navigation; an empty state with a way back home and
 * the not-found state. The cards leave out the category badge: it is this page's title.
 */
export function CategoryPage() {
  const { digits } = useReaderDates();
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
  const Icon = categoryIcon(name);
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
      <HStack gap="4" id="category-title" align="center" colorPalette={categoryPalette(category.data)}>
        <Center
          flexShrink="0"
          w={{ base: '14', md: '16' }}
          h={{ base: '14', md: '16' }}
          rounded="2xl"
          bg="colorPalette.subtle"
          color="colorPalette.fg"
        >
          <Icon aria-hidden size={30} />
        </Center>
        <Stack gap="1">
          <Heading as="h1" size="3xl" lineHeight="1.3">
            {name}
          </Heading>
          <Text color="fg.muted" data-testid="category-description">
            {t('category.description', { name })}
            {' · '}
            <Text as="span" fontWeight="medium" data-testid="category-count">
              {postCountLabel(postCount, digits)}
            </Text>
          </Text>
        </Stack>
      </HStack>
      {posts.isPending ? (
        <PageSpinner />
      ) : posts.data && posts.data.length > 0 ? (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
            {posts.data.map((post, index) => (
              <PostCard key={post.id} post={post} category={category.data} headingLevel="h2" eager={index === 0} showCategory={false} />
            ))}
          </SimpleGrid>
          <PageNav page={page} totalPages={totalPages} href={(n) => categoryPath(slug, n)} scrollTo="category-title" />
        </>
      ) : posts.isError ? (
        <Text color="fg.muted" fontSize="lg" py="10" textAlign="center" role="alert">
          {t('error.fetchPosts')}
        </Text>
      ) : (
        <Stack align="center" gap="4" py="12" px="6" rounded="2xl" borderWidth="1px" borderStyle="dashed" textAlign="center">
          <Text fontSize="lg" fontWeight="bold" data-testid="category-empty">
            {t('category.empty')}
          </Text>
          <Text color="fg.muted">{t('category.emptyHint')}</Text>
          <Button asChild colorPalette="blue" variant="subtle">
            <Link to="/?view=all" data-testid="category-empty-back">
              <ArrowRight aria-hidden />
              {t('category.emptyBack')}
            </Link>
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

import { DEFAULT_HOME_LAYOUT, pageCount, PUBLIC_PAGE_SIZE } from '@mudawwana/rules';
import { Box, Button, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { Seo } from '@/page/render-context';
import { PageNav } from '@/components/ui/PageNav';
import { BlockSkeleton, FeaturedSkeleton, PostCardsSkeleton, TilesSkeleton } from '@/components/ui/Skeletons';
import { NotFoundPage } from '@/features/errors/NotFoundPage';
import { RefreshButton } from '@/components/ui/RefreshButton';
import { categoryPalette } from '@/features/posts/category-look';
import { categoryOf } from '@/features/posts/PostMeta';
import { PostCard } from '@/features/posts/PostCard';
import { postCountLabel, t } from '@/i18n';
import { useReaderDates } from '@/lib/reader-dates';
import { categoriesQuery, featuredPostQuery, homeLayoutQuery, postCountsQuery, postsQuery, type CategoryDto } from '@/lib/api';
import { categoryIcon } from './category-icon';
import { FeaturedPost } from './FeaturedPost';
import { Hero } from './Hero';
import { latestPostsParams, viewAllPage, viewAllPath } from './home-params';
import { Newsletter } from './Newsletter';
import { categoryPath } from '@/features/categories/category-params';

const HOME_DATA = ['/api/posts', '/api/posts/counts', '/api/posts/featured', '/api/categories', '/api/home-layout'];
const isHomeData = (query: Query) => HOME_DATA.includes(String(query.queryKey[0]));

/**
 * Home (SPEC §2): each section obeys the home-layout settings and counts. 'View All' (/?view=all&page=N) turns the
 * latest posts into every published post, a fixed page at a time with numbered navigation.
 */
export function HomePage() {
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const allPage = viewAllPage(search);
  const layoutQuery = useQuery(homeLayoutQuery());
  // The API's own defaults when the layout could not be read.
  const layout = layoutQuery.data ?? DEFAULT_HOME_LAYOUT;
  const layoutReady = !layoutQuery.isPending;
  const featured = useQuery({ ...featuredPostQuery(), enabled: layoutReady && layout.showFeaturedPost });
  const latest = useQuery({
    ...postsQuery(latestPostsParams(layoutQuery.data, allPage)),
    enabled: layoutReady && layout.showLatestPosts,
    placeholderData: keepPreviousData,
  });
  const counts = useQuery({ ...postCountsQuery(), enabled: allPage !== null });
  const categories = useQuery(categoriesQuery());
  const totalPages = pageCount(counts.data?.published ?? 0, PUBLIC_PAGE_SIZE);

  const refresh = async () => {
    // Posts, featured post, categories and layout (SPEC §2): what no screen shows is dropped from the cache, what
    // this one shows is read again while it stays on screen (no spinner, no empty state in between).
    queryClient.removeQueries({ predicate: isHomeData, type: 'inactive' });
    await queryClient.refetchQueries({ predicate: isHomeData, type: 'active' });
  };

  // A page past the last one does not exist (one 404, not an endless series of empty pages).
  if (allPage !== null && counts.isSuccess && allPage > totalPages) return <NotFoundPage />;

  return (
    <Stack gap={{ base: '10', md: '16' }} data-testid="home-page">
      <Seo
        path={allPage === null ? '/' : viewAllPath(allPage)}
        prev={allPage !== null && allPage > 1 ? viewAllPath(allPage - 1) : undefined}
        next={allPage !== null && counts.isSuccess && allPage < totalPages ? viewAllPath(allPage + 1) : undefined}
        description={t('blog.tagline')}
        jsonLd={{ '@type': 'WebSite', name: t('blog.name'), description: t('blog.tagline'), inLanguage: 'ar', url: '/' }}
      />
      {layoutQuery.isPending ? (
        <BlockSkeleton />
      ) : (
        <>
          {layout.showHero && <Hero layout={layout} />}
          {layout.showFeaturedPost &&
            (featured.isPending ? <FeaturedSkeleton /> : <FeaturedPost post={featured.data ?? null} categories={categories.data} />)}
          {layout.showLatestPosts && (
            <Box as="section" aria-labelledby="latest-title" data-testid="latest-posts">
              <Flex justify="space-between" align="center" mb="6">
                <Heading as="h2" id="latest-title" size="2xl">
                  {allPage === null ? t('home.latestPosts') : t('home.allPosts')}
                </Heading>
                {allPage === null && (
                  <Button asChild variant="ghost" colorPalette="blue" size="sm">
                    <Link to={`${viewAllPath(1)}#latest-title`} data-testid="view-all">
                      {t('home.viewAll')}
                      <ArrowLeft aria-hidden />
                    </Link>
                  </Button>
                )}
              </Flex>
              {latest.isPending ? (
                <PostCardsSkeleton count={Math.min(layout.latestPostsCount, 3)} />
              ) : latest.data && latest.data.length > 0 ? (
                <>
                  <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
                    {latest.data.map((post) => (
                      <PostCard key={post.id} post={post} category={categoryOf(categories.data, post.categoryId)} />
                    ))}
                  </SimpleGrid>
                  {allPage !== null && (
                    <PageNav
                      page={allPage}
                      totalPages={totalPages}
                      href={(page) => `${viewAllPath(page)}#latest-title`}
                      scrollTo="latest-title"
                    />
                  )}
                </>
              ) : (
                <Text color="fg.muted">{latest.isError ? t('error.fetchPosts') : t('home.noPosts')}</Text>
              )}
            </Box>
          )}
          {layout.showCategories && (
            <CategoriesGrid categories={categories.data?.slice(0, layout.categoriesCount)} failed={categories.isError} />
          )}
          {layout.showNewsletter && <Newsletter />}
        </>
      )}
      <RefreshButton label={t('home.refresh')} onRefresh={refresh} />
    </Stack>
  );
}

function CategoriesGrid({ categories, failed }: { categories: CategoryDto[] | undefined; failed: boolean }) {
  const { digits } = useReaderDates();
  return (
    <Box as="section" aria-labelledby="categories-title" data-testid="categories-grid">
      <Heading as="h2" id="categories-title" size="2xl" mb="6">
        {t('home.categories')}
      </Heading>
      {!categories && !failed ? (
        <TilesSkeleton />
      ) : categories && categories.length > 0 ? (
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
          {categories.map((category) => {
            const Icon = categoryIcon(category.name);
            return (
              <Link key={category.id} to={categoryPath(category.slug)} data-testid="category-tile">
                <Stack
                  align="center"
                  gap="2"
                  p="6"
                  rounded="xl"
                  borderWidth="1px"
                  borderColor="border"
                  bg="card"
                  _hover={{ borderColor: 'brand.solid', shadow: 'sm' }}
                  transition="all .2s"
                  h="full"
                >
                  <HStack
                    justify="center"
                    w="12"
                    h="12"
                    rounded="full"
                    colorPalette={categoryPalette(category)}
                    bg="colorPalette.subtle"
                    color="colorPalette.fg"
                  >
                    <Icon aria-hidden />
                  </HStack>
                  <Text fontWeight="bold" textAlign="center">
                    {category.name}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {postCountLabel(category.postCount, digits)}
                  </Text>
                </Stack>
              </Link>
            );
          })}
        </SimpleGrid>
      ) : (
        <Text color="fg.muted">{failed ? t('error.fetchCategories') : t('home.noCategories')}</Text>
      )}
    </Box>
  );
}

import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { pageCount, parsePageParam, PUBLIC_PAGE_SIZE } from '@mudawwana/rules';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { Seo } from '@/page/render-context';
import { PageNav } from '@/components/ui/PageNav';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { NotFoundPage } from '@/features/errors/NotFoundPage';
import { PostMeta, categoryOf } from '@/features/posts/PostMeta';
import { resultCountLabel, t } from '@/i18n';
import { useReaderDates } from '@/lib/reader-dates';
import { categoriesQuery, searchQuery, type CategoryDto, type SearchHitDto } from '@/lib/api';
import { SearchBox } from './SearchBox';
import { searchPageParams, searchPath, searchText } from './search-params';
import { postPath } from '@/features/posts/post-params';

/**
 * /search?q= (issue 13): the query in a box of its own, then the matching posts best first, a fixed page at a time,
 * with the matching words marked; a prompt without a query and an empty state without results. Never indexed by
 * search engines; rendered on the server for each request (docs/decisions/013-arabic-search-and-tags.md).
 */
export function SearchPage() {
  const { digits } = useReaderDates();
  const [params] = useSearchParams();
  const q = searchText(params);
  const page = parsePageParam(params.get('page'));
  const results = useQuery({ ...searchQuery(searchPageParams(q, page)), enabled: q !== '', placeholderData: keepPreviousData });
  const categories = useQuery(categoriesQuery());
  const totalPages = pageCount(results.data?.total ?? 0, PUBLIC_PAGE_SIZE);
  if (results.data && results.data.total > 0 && page > totalPages) return <NotFoundPage />;

  return (
    <Stack gap="8" data-testid="search-page">
      <Seo
        title={q ? t('search.titleFor', { q }) : t('search.title')}
        description={t('search.description')}
        path={q ? searchPath(q, page) : '/search'}
        noindex
      />
      <Stack gap="4" id="search-title">
        <Heading as="h1" size="3xl">
          {t('search.title')}
        </Heading>
        <SearchBox id="search-page-box" width={{ base: '100%', md: '32rem' }} />
      </Stack>
      {q === '' ? (
        <Text color="fg.muted" fontSize="lg" data-testid="search-prompt">
          {t('search.prompt')}
        </Text>
      ) : results.isPending ? (
        <PageSpinner />
      ) : results.isError ? (
        <Text role="alert" color="red.fg" textAlign="center" py="10">
          {t('search.error')}
        </Text>
      ) : results.data.total === 0 ? (
        <Stack gap="2" py="10" textAlign="center" data-testid="search-empty">
          <Text fontSize="lg">{t('search.empty', { q })}</Text>
          <Text color="fg.muted">{t('search.emptyHint')}</Text>
        </Stack>
      ) : (
        <>
          <Text color="fg.muted" data-testid="search-count" aria-live="polite">
            {resultCountLabel(results.data.total, digits)}
          </Text>
          <Stack as="ol" gap="6" listStyleType="none" data-testid="search-results">
            {results.data.items.map((hit) => (
              <SearchResult key={hit.id} hit={hit} category={categoryOf(categories.data, hit.categoryId)} />
            ))}
          </Stack>
          <PageNav page={page} totalPages={totalPages} href={(n) => searchPath(q, n)} scrollTo="search-title" />
        </>
      )}
    </Stack>
  );
}

/** One result: meta line, the title as a link and the snippet, matching words marked (safe HTML from the API). */
function SearchResult({ hit, category }: { hit: SearchHitDto; category?: CategoryDto }) {
  return (
    <Box as="li" borderBottomWidth="1px" borderColor="border" pb="6" data-testid="search-result">
      <Stack gap="2" css={{ '& mark': { bg: 'yellow.subtle', color: 'fg', borderRadius: 'xs', paddingInline: '0.5' } }}>
        <PostMeta category={category} createdAt={hit.createdAt} readTime={hit.readTime} />
        <Heading as="h2" size="lg" lineHeight="1.5" css={{ unicodeBidi: 'plaintext', textAlign: 'start' }}>
          <Link to={postPath(hit.slug)} dangerouslySetInnerHTML={{ __html: hit.titleHtml }} />
        </Heading>
        <Text color="fg.muted" lineHeight="1.9" css={{ unicodeBidi: 'plaintext' }} dangerouslySetInnerHTML={{ __html: hit.snippet }} />
      </Stack>
    </Box>
  );
}

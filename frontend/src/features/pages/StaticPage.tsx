import { Box, Heading, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { isNotFound } from '@/api/http';
import { Seo } from '@/page/render-context';
import { ArticleContent } from '@/components/ui/ArticleContent';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { NotFoundPage } from '@/features/errors/NotFoundPage';
import { t } from '@/i18n';
import { pageShareImage, shareImageUrl, stripHtml } from '@mudawwana/rules';
import { pageBySlugQuery } from '@/lib/api';

/** /{slug}: a static page; unknown slugs are the 404 screen. */
export function StaticPage() {
  const { slug = '' } = useParams();
  const page = useQuery(pageBySlugQuery(slug));
  if (page.isPending) return <PageSpinner />;
  if (page.isError) {
    return isNotFound(page.error) ? (
      <NotFoundPage />
    ) : (
      <Text role="alert" color="red.fg" textAlign="center" py="16">
        {t('error.fetchPage')}
      </Text>
    );
  }
  const description = stripHtml(page.data.content).slice(0, 160) || undefined;
  return (
    <Box as="article" maxW="3xl" mx="auto" data-testid="static-page">
      <Seo
        title={page.data.title}
        description={description}
        path={`/${slug}`}
        modifiedTime={page.data.updatedAt}
        image={shareImageUrl({ kind: 'page', slug: page.data.slug }, pageShareImage(page.data))}
      />
      <Heading as="h1" size="3xl" mb="8">
        {page.data.title}
      </Heading>
      <ArticleContent html={page.data.content} />
    </Box>
  );
}

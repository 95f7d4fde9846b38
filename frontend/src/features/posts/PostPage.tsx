import { useReaderDates } from '@/lib/reader-dates';
import { Box, Button, Flex, Heading, HStack, Separator, Stack, Tag, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { DEFAULT_LANGUAGE, languageDirection, postShareImage, shareImageUrl, tagSlug } from '@mudawwana/rules';
import { tagPath } from '@/features/tags/tag-params';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { isNotFound } from '@/api/http';
import { Seo } from '@/page/render-context';
import { ArticleContent } from '@/components/ui/ArticleContent';
import { IMAGE_SIZES, LazyImage } from '@/components/ui/LazyImage';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { RefreshButton } from '@/components/ui/RefreshButton';
import { NotFoundScreen } from '@/features/errors/NotFoundPage';
import { t } from '@/i18n';
import { fediverseAccountQuery, postBySlugQuery, postCommentsQuery, type CommentPageDto, type PostDetailDto } from '@/lib/api';
import { PostComments } from './PostComments';
import { PostByline, PostMeta } from './PostMeta';
import { TableOfContents } from './TableOfContents';
import { MIN_TOC_HEADINGS } from './toc-tree';
import { commentsJsonLd } from './comment-thread';
import { commentsPageOf, postPath } from './post-params';

function postDescription(post: PostDetailDto): string | undefined {
  return post.metaDescription || post.excerpt || undefined;
}

/**
 * The page's own parts around a post in another language (its meta line, tags heading, links, comments) stay in the
 * blog's Arabic, right to left; inside an Arabic post they need no marks of their own.
 */
function siteChrome(post: PostDetailDto): { lang?: string; dir?: 'rtl' | 'ltr' } {
  return post.language === DEFAULT_LANGUAGE ? {} : { lang: DEFAULT_LANGUAGE, dir: languageDirection(DEFAULT_LANGUAGE) };
}

/** Its language versions, itself first (none when it has no translation): hreflang alternates. */
function alternatesOf(post: PostDetailDto, path: string) {
  if (post.translations.length === 0) return undefined;
  return [
    { language: post.language, path },
    ...post.translations.map((other) => ({ language: other.language, path: postPath(other.slug) })),
  ];
}

/** The comments a post's JSON-LD describes: their count, and those of the first page of comments (when it is that page). */
function commentsLd(post: PostDetailDto, path: string, page: number, comments: CommentPageDto | undefined) {
  if (!comments) return { commentCount: post.commentCount };
  return {
    commentCount: comments.total,
    comment: page === 1 && comments.items.length > 0 ? commentsJsonLd(path, comments.items) : undefined,
  };
}

/**
 * /post/:slug (SPEC §2): badge, date, title, read time, image, content, tags, previous/next, refresh, and the reader
 * comments with their form (a page of them: `?comments=N`).
 */
export function PostPage() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const commentsPage = commentsPageOf(search);
  const queryClient = useQueryClient();
  const post = useQuery(postBySlugQuery(slug));
  const dates = useReaderDates();
  // Side by side with the post; not for a post that is not there (the shared not-found page has no comments to hydrate).
  const comments = useQuery({ ...postCommentsQuery(slug, commentsPage), enabled: !post.isError });
  const fediverse = useQuery(fediverseAccountQuery());
  const path = postPath(slug);

  if (post.isPending) return <PageSpinner />;
  if (post.isError) {
    return isNotFound(post.error) ? (
      <NotFoundScreen title={t('post.notFound')} text={t('post.notFoundText')} path={path}>
        <Button asChild colorPalette="blue">
          <Link to="/">{t('post.backHome')}</Link>
        </Button>
      </NotFoundScreen>
    ) : (
      <Text color="red.fg" role="alert" py="10" textAlign="center">
        {t('post.loadError')}
      </Text>
    );
  }

  const data = post.data;
  const category = data.category ?? undefined;
  const chrome = siteChrome(data);
  return (
    <Box as="article" lang={data.language} dir={data.direction} maxW="3xl" mx="auto" pb={{ base: '16', md: '0' }} data-testid="post-page">
      <Seo
        title={data.metaTitle || data.title}
        direction={data.direction}
        alternates={alternatesOf(data, path)}
        description={postDescription(data)}
        path={path}
        // The generated share image, with the cover in it when there is one (docs/decisions/027-share-images.md).
        image={shareImageUrl(
          { kind: 'post', slug: data.slug },
          postShareImage({ ...data, authorName: data.author?.name ?? null }, dates.display),
        )}
        imageAlt={data.title}
        type="article"
        publishedTime={data.createdAt}
        modifiedTime={data.updatedAt}
        tags={data.tags}
        fediverseCreator={fediverse.data?.account}
        jsonLd={{
          '@type': 'BlogPosting',
          headline: data.title,
          description: postDescription(data),
          datePublished: data.createdAt,
          dateModified: data.updatedAt,
          inLanguage: data.language,
          keywords: data.tags.join(', ') || undefined,
          articleSection: category?.name,
          image: data.featuredImage ?? undefined,
          mainEntityOfPage: path,
          ...commentsLd(data, path, commentsPage, comments.data),
        }}
      />
      <Stack gap="4" mb="8">
        <Box {...chrome}>
          <PostMeta category={category} createdAt={data.createdAt} readTime={data.readTime} size="md" />
        </Box>
        {/* In its language's direction: an Arabic title that begins with a Latin word stays right to left. */}
        <Heading as="h1" size={{ base: '2xl', md: '4xl' }} lineHeight="1.4" textAlign="start" data-testid="post-title">
          {data.title}
        </Heading>
        {data.author && (
          <Box {...chrome}>
            <PostByline author={data.author} />
          </Box>
        )}
        {data.translations.length > 0 && (
          <HStack {...chrome} gap="2" flexWrap="wrap" fontSize="sm" color="fg.muted" data-testid="post-translations">
            <span>{t('post.translations')}</span>
            {data.translations.map((other) => (
              <Link
                key={other.slug}
                to={postPath(other.slug)}
                hrefLang={other.language}
                lang={other.language}
                dir={languageDirection(other.language)}
              >
                {other.title}
              </Link>
            ))}
          </HStack>
        )}
      </Stack>
      {data.featuredImage && <LazyImage src={data.featuredImage} alt={data.title} sizes={IMAGE_SIZES.article} eager rounded="xl" mb="8" />}
      {data.headings.length >= MIN_TOC_HEADINGS && <TableOfContents headings={data.headings} />}
      <ArticleContent html={data.content} />
      {data.tags.length > 0 && (
        <Box mt="10" as="section" aria-labelledby="post-tags" {...chrome}>
          <Heading as="h2" size="sm" id="post-tags" mb="3">
            {t('post.tags')}
          </Heading>
          <HStack gap="2" flexWrap="wrap" data-testid="post-tags">
            {data.tags.map((tag) => {
              const slug = tagSlug(tag);
              return (
                <Tag.Root key={tag} size="lg" variant="surface" asChild={slug !== ''}>
                  {/* A tag without letters or digits has no page of its own. */}
                  {slug ? (
                    <Link to={tagPath(slug)} data-testid="post-tag-link">
                      <Tag.Label>{tag}</Tag.Label>
                    </Link>
                  ) : (
                    <Tag.Label>{tag}</Tag.Label>
                  )}
                </Tag.Root>
              );
            })}
          </HStack>
        </Box>
      )}
      <Separator my="10" />
      <Flex
        {...chrome}
        as="nav"
        aria-label={t('post.previous') + ' / ' + t('post.next')}
        justify="space-between"
        gap="4"
        data-testid="post-nav"
      >
        {data.previous ? (
          <PostNavLink to={data.previous.slug} label={t('post.previous')} title={data.previous.title} direction="previous" />
        ) : (
          <span />
        )}
        {data.next ? <PostNavLink to={data.next.slug} label={t('post.next')} title={data.next.title} direction="next" /> : <span />}
      </Flex>
      <Box {...chrome}>
        {comments.data ? (
          <PostComments post={data} page={commentsPage} comments={comments.data} />
        ) : (
          comments.isError && (
            <Text color="fg.muted" mt="12" data-testid="comments-error">
              {t('comments.loadError')}
            </Text>
          )
        )}
      </Box>
      <RefreshButton
        label={t('post.refresh')}
        onRefresh={() =>
          Promise.all([
            queryClient.refetchQueries({ queryKey: postBySlugQuery(slug).queryKey }),
            queryClient.refetchQueries({ queryKey: postCommentsQuery(slug, commentsPage).queryKey }),
          ])
        }
      />
    </Box>
  );
}

/** In RTL, 'previous' (older) sits on the right with an arrow pointing right; 'next' (newer) on the left. */
function PostNavLink({ to, label, title, direction }: { to: string; label: string; title: string; direction: 'previous' | 'next' }) {
  return (
    <Link to={postPath(to)} rel={direction === 'previous' ? 'prev' : 'next'} data-testid={`post-${direction}`} style={{ maxWidth: '48%' }}>
      <Stack gap="1" textAlign={direction === 'previous' ? 'start' : 'end'}>
        <HStack gap="1" color="fg.muted" fontSize="sm" justify={direction === 'previous' ? 'flex-start' : 'flex-end'}>
          {direction === 'previous' && <ArrowRight aria-hidden size={16} />}
          <span>{label}</span>
          {direction === 'next' && <ArrowLeft aria-hidden size={16} />}
        </HStack>
        <Text fontWeight="bold" color="brand.fg">
          {title}
        </Text>
      </Stack>
    </Link>
  );
}

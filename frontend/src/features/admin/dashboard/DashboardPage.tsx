import { useMemo, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { pageCount, pageRange, pageWindow } from '@rules/pagination';
import { Badge, Box, Button, Center, HStack, IconButton, Image, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { Link, useNavigate } from 'react-router-dom';
import { ExternalLink, FileText, Home, ImageOff, Layers, Link2, Pencil, Plus, Settings, Star, UserRound } from 'lucide-react';
import { displayReadTime } from '@rules/text';
import { formatDate } from '@/i18n/format';
import { readTimeLabel } from '@/i18n';
import { admin as t } from '@/i18n/admin';
import {
  useCountPosts,
  useDeletePost,
  useFixPostSlug,
  useListCategories,
  useListPosts,
  useSetFeaturedPost,
  type ListPostsParams,
  type PostSummaryDto,
} from '../api';
import AdminPage from '../components/AdminPage';
import ConfirmDialog from '../components/ConfirmDialog';
import DeleteRowButton from '../components/DeleteRowButton';
import Pagination from '../components/Pagination';
import { PAGE_SIZE } from '../components/paginate';
import { ErrorState, LoadingState } from '../components/QueryState';
import { notifyError, notifySuccess } from '../notify';

type Tab = 'all' | 'published' | 'drafts';
const TABS = [
  ['all', t.tabAll],
  ['published', t.tabPublished],
  ['drafts', t.tabDrafts],
] as const;

function HeaderLinks() {
  const links = [
    { to: '/admin/settings', label: t.settings, icon: Settings },
    { to: '/admin/home-layout', label: t.homeLayout, icon: Home },
    { to: '/admin/pages', label: t.pages, icon: FileText },
    { to: '/admin/categories', label: t.categories, icon: Layers },
    { to: '/admin/profile', label: t.profile, icon: UserRound },
  ];
  return (
    <>
      {links.map(({ to, label, icon: Icon }) => (
        <Button key={to} asChild variant="outline" size="sm">
          <Link to={to}>
            <Icon size={16} aria-hidden />
            {label}
          </Link>
        </Button>
      ))}
      <Button asChild size="sm" colorPalette="blue">
        <Link to="/admin/edit">
          <Plus size={16} aria-hidden />
          {t.newArticle}
        </Link>
      </Button>
    </>
  );
}

export default function DashboardPage() {
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('all');
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<PostSummaryDto | null>(null);

  // The server pages, counts and filters: one aggregate call for the tab counts, one page of 10 rows per call.
  const counts = useCountPosts();
  const total = counts.data?.[tab] ?? 0;
  const totalPages = pageCount(total, PAGE_SIZE);
  // After a delete empties the last page, show the new last page.
  const current = Math.min(page, totalPages);
  const params: ListPostsParams = { ...pageWindow(current, PAGE_SIZE), ...(tab === 'all' ? {} : { published: tab === 'published' }) };
  const posts = useListPosts(params, { query: { placeholderData: keepPreviousData } });
  const categories = useListCategories();
  const categoryName = useMemo(() => new Map((categories.data ?? []).map((c) => [c.id, c.name])), [categories.data]);
  const rows = posts.data ?? [];
  const range = pageRange(current, PAGE_SIZE, total);

  const deletePost = useDeletePost({
    mutation: {
      onSuccess: () => {
        notifySuccess(t.postDeletedTitle, t.postDeletedBody);
        setToDelete(null);
      },
      onError: (error) => notifyError(t.postDeleteErrorTitle, error, t.postDeleteErrorBody),
    },
  });
  const fixSlug = useFixPostSlug({
    mutation: {
      onSuccess: () => {
        notifySuccess(t.slugFixedTitle, t.slugFixedBody);
      },
      onError: (error) => notifyError(t.slugFixErrorTitle, error, t.slugFixErrorBody),
    },
  });
  const setFeatured = useSetFeaturedPost({
    mutation: {
      onSuccess: () => {
        notifySuccess(t.featuredSetTitle, t.featuredSetBody);
      },
      onError: (error) => notifyError(t.featuredErrorTitle, error, t.featuredErrorBody),
    },
  });

  const changeTab = (value: Tab) => {
    setTab(value);
    setPage(1);
  };

  const list = (
    <Box pt="4">
      {posts.isLoading || counts.isLoading ? (
        <LoadingState />
      ) : posts.isError || counts.isError ? (
        <ErrorState
          title={t.failedFetchPosts}
          error={posts.error ?? counts.error}
          onRetry={() => void Promise.all([posts.refetch(), counts.refetch()])}
        />
      ) : rows.length === 0 ? (
        <Center py="16">
          <Stack align="center" gap="4">
            <FileText size={40} aria-hidden />
            <Text fontSize="lg">{t.noArticles}</Text>
            <Button asChild colorPalette="blue">
              <Link to="/admin/edit">
                <Plus size={16} aria-hidden />
                {t.createFirstArticle}
              </Link>
            </Button>
          </Stack>
        </Center>
      ) : (
        <>
          <Table.ScrollArea borderWidth="1px" borderRadius="md">
            <Table.Root size="sm" interactive>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t.colTitle}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.colStatus}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.colFeatured}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.colCategory}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.colDate}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.colActions}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((post) => (
                  <Table.Row
                    key={post.id}
                    data-testid="post-row"
                    cursor="pointer"
                    onClick={(event) => {
                      if ((event.target as HTMLElement).closest('a,button')) return;
                      navigate(`/admin/edit/${post.id}`);
                    }}
                  >
                    <Table.Cell minW="64">
                      <HStack gap="3">
                        {post.featuredImage ? (
                          <Image src={post.featuredImage} alt="" w="16" h="12" objectFit="cover" borderRadius="sm" flexShrink={0} />
                        ) : (
                          <Center w="16" h="12" bg="bg.muted" borderRadius="sm" flexShrink={0} title={t.noImage} data-testid="no-image">
                            <ImageOff size={18} aria-hidden />
                            <Text srOnly>{t.noImage}</Text>
                          </Center>
                        )}
                        <Stack gap="0.5">
                          <Link to={`/admin/edit/${post.id}`} style={{ fontWeight: 600 }}>
                            {post.title}
                          </Link>
                          <Text fontSize="xs" color="fg.muted">
                            {readTimeLabel(displayReadTime(post.readTime))}
                          </Text>
                        </Stack>
                      </HStack>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={post.published ? 'green' : 'gray'}>{post.published ? t.published : t.draft}</Badge>
                    </Table.Cell>
                    <Table.Cell>
                      {post.featured ? (
                        <Badge colorPalette="yellow" data-testid="featured-badge">
                          <Star size={12} aria-hidden />
                          {t.featuredArticle}
                        </Badge>
                      ) : (
                        <Button
                          size="xs"
                          variant="outline"
                          disabled={!post.published || setFeatured.isPending}
                          title={post.published ? undefined : t.onlyPublishedCanBeFeatured}
                          onClick={() => setFeatured.mutate({ id: post.id })}
                        >
                          <Star size={12} aria-hidden />
                          {t.setFeatured}
                        </Button>
                      )}
                    </Table.Cell>
                    <Table.Cell>{post.categoryId != null ? (categoryName.get(post.categoryId) ?? '—') : t.uncategorized}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap" fontSize="xs">
                      {formatDate(post.createdAt)}
                    </Table.Cell>
                    <Table.Cell>
                      <HStack gap="1">
                        <IconButton asChild size="xs" variant="ghost" aria-label={`${t.edit}: ${post.title}`} title={t.edit}>
                          <Link to={`/admin/edit/${post.id}`}>
                            <Pencil size={14} />
                          </Link>
                        </IconButton>
                        {post.published ? (
                          <IconButton asChild size="xs" variant="ghost" aria-label={`${t.view}: ${post.title}`} title={t.view}>
                            <a href={`/post/${post.slug}`} target="_blank" rel="noreferrer">
                              <ExternalLink size={14} />
                            </a>
                          </IconButton>
                        ) : null}
                        <IconButton
                          size="xs"
                          variant="ghost"
                          aria-label={`${t.fixSlug}: ${post.title}`}
                          title={t.fixSlug}
                          disabled={fixSlug.isPending}
                          onClick={() => fixSlug.mutate({ id: post.id })}
                        >
                          <Link2 size={14} />
                        </IconButton>
                        <DeleteRowButton name={post.title} onClick={() => setToDelete(post)} />
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <Pagination
            page={current}
            totalPages={totalPages}
            caption={t.showingResults(range.from, range.to, total)}
            onPageChange={setPage}
          />
        </>
      )}
    </Box>
  );

  return (
    <AdminPage title={t.controlPanel} actions={<HeaderLinks />}>
      <Tabs.Root value={tab} onValueChange={(e) => changeTab(e.value as Tab)} variant="line">
        <Tabs.List>
          {TABS.map(([value, label]) => (
            <Tabs.Trigger key={value} value={value}>
              {label}
              <Badge size="sm" variant="subtle" data-testid={`count-${value}`}>
                {counts.data?.[value] ?? '…'}
              </Badge>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(([value]) => (
          <Tabs.Content key={value} value={value} p="0">
            {tab === value ? list : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>

      <ConfirmDialog
        open={toDelete !== null}
        title={t.areYouSure}
        description={toDelete ? t.articleWillBeDeleted(toDelete.title) : ''}
        pending={deletePost.isPending}
        onConfirm={() => toDelete && deletePost.mutate({ idOrSlug: toDelete.id })}
        onClose={() => setToDelete(null)}
      />
    </AdminPage>
  );
}

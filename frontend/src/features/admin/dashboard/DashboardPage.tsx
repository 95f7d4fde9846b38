import { useMemo, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { displayReadTime, isScheduled, pageCount, pageRange, pageWindow } from '@mudawwana/rules';
import { Badge, Box, Button, Card, Center, HStack, Image, Stack, Table, Tabs, Text, useMediaQuery } from '@chakra-ui/react';
import { Link, useNavigate } from 'react-router-dom';
import {
  EyeOff,
  ExternalLink,
  FileText,
  Home,
  ImageOff,
  Layers,
  Link2,
  Mail,
  Pencil,
  Plus,
  Settings,
  Star,
  Tags,
  UserRound,
} from 'lucide-react';
import { formatDate } from '@/i18n/format';
import { readTimeLabel } from '@/i18n';
import { admin as t } from '@/i18n/admin';
import { ARTICLES, plural } from '@/i18n/plural';
import {
  useBulkChangePosts,
  useCountPosts,
  useDeletePost,
  useFixPostSlug,
  useListCategories,
  useListPosts,
  useSetFeaturedPost,
  type BulkAction,
  type ListPostsParams,
  type PostStatus,
  type PostSummaryDto,
} from '../api';
import BulkActionsBar from './BulkActionsBar';
import DashboardFilters from './DashboardFilters';
import AdminPage from '../components/AdminPage';
import ConfirmDialog from '../components/ConfirmDialog';
import DeleteRowButton from '../components/DeleteRowButton';
import Pagination from '../components/Pagination';
import { PAGE_SIZE } from '../components/paginate';
import { ErrorState, LoadingState } from '../components/QueryState';
import { notifyError, notifySuccess } from '../notify';

type Tab = 'all' | 'published' | 'scheduled' | 'drafts';
const TABS = [
  ['all', t.tabAll],
  ['published', t.tabPublished],
  ['scheduled', t.tabScheduled],
  ['drafts', t.tabDrafts],
] as const;
/** The server's status filter of each tab. */
const TAB_STATUS: Record<Tab, PostStatus | undefined> = { all: undefined, published: 'published', scheduled: 'scheduled', drafts: 'draft' };

function HeaderLinks() {
  const links = [
    { to: '/admin/settings', label: t.settings, icon: Settings },
    { to: '/admin/home-layout', label: t.homeLayout, icon: Home },
    { to: '/admin/pages', label: t.pages, icon: FileText },
    { to: '/admin/categories', label: t.categories, icon: Layers },
    { to: '/admin/tags', label: t.tags, icon: Tags },
    { to: '/admin/profile', label: t.profile, icon: UserRound },
    { to: '/admin/subscribers', label: t.subscribers, icon: Mail },
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

/** Below this width the posts are cards, not a table (~768 px: the table's six columns no longer fit). */
const WIDE_QUERY = '(min-width: 48em)';

function PostTitle({ post }: { post: PostSummaryDto }) {
  return (
    <HStack gap="3" align="start">
      {post.featuredImage ? (
        <Image src={post.featuredImage} alt="" w="16" h="12" objectFit="cover" borderRadius="sm" flexShrink={0} />
      ) : (
        <Center w="16" h="12" bg="bg.muted" borderRadius="sm" flexShrink={0} title={t.noImage} data-testid="no-image">
          <ImageOff size={18} aria-hidden />
          <Text srOnly>{t.noImage}</Text>
        </Center>
      )}
      <Stack gap="0.5" minW="0">
        <Link to={`/admin/edit/${post.id}`} style={{ fontWeight: 600 }}>
          {post.title}
        </Link>
        <Text fontSize="xs" color="fg.muted">
          {readTimeLabel(displayReadTime(post.readTime))}
        </Text>
      </Stack>
    </HStack>
  );
}

function StatusBadge({ post }: { post: PostSummaryDto }) {
  if (isScheduled(post)) {
    return (
      <Badge colorPalette="purple" title={t.scheduledFor(formatDate(post.publishAt))} data-testid="scheduled-badge">
        {t.scheduled}
      </Badge>
    );
  }
  return <Badge colorPalette={post.published ? 'green' : 'gray'}>{post.published ? t.published : t.draft}</Badge>;
}

/** The row's box in the bulk selection. */
function SelectBox({ post, checked, onChange }: { post: PostSummaryDto; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <input
      type="checkbox"
      aria-label={t.selectPost(post.title)}
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      style={{ width: '1.1rem', height: '1.1rem', cursor: 'pointer' }}
    />
  );
}

/** The 'featured article' badge, or the button that makes a published post the featured one. */
function FeaturedControl({ post, pending, onSet }: { post: PostSummaryDto; pending: boolean; onSet: () => void }) {
  if (post.featured) {
    return (
      <Badge colorPalette="yellow" data-testid="featured-badge">
        <Star size={12} aria-hidden />
        {t.featuredArticle}
      </Badge>
    );
  }
  return (
    <Button
      size="xs"
      variant="outline"
      disabled={!post.published || pending}
      title={post.published ? undefined : t.onlyPublishedCanBeFeatured}
      onClick={onSet}
    >
      <Star size={12} aria-hidden />
      {t.setFeatured}
    </Button>
  );
}

interface PostActionsProps {
  post: PostSummaryDto;
  fixPending: boolean;
  onFixSlug: () => void;
  onUnpublish: () => void;
  onDelete: () => void;
  /** Text next to each icon (the phone cards); the table shows icons with their name as a tooltip. */
  labelled?: boolean;
}

/** Edit, view (published posts), fix link, delete: each names the post for screen readers and says what it does. */
function PostActions({ post, fixPending, onFixSlug, onUnpublish, onDelete, labelled = false }: PostActionsProps) {
  const label = (text: string) => (labelled ? <Text as="span">{text}</Text> : null);
  const size = labelled ? 'sm' : 'xs';
  return (
    <HStack gap="1" wrap="wrap">
      <Button asChild size={size} variant="ghost" px={labelled ? undefined : '0'} aria-label={`${t.edit}: ${post.title}`} title={t.edit}>
        <Link to={`/admin/edit/${post.id}`}>
          <Pencil size={14} aria-hidden />
          {label(t.edit)}
        </Link>
      </Button>
      {post.published ? (
        <Button
          asChild
          size={size}
          variant="ghost"
          px={labelled ? undefined : '0'}
          aria-label={`${t.view}: ${post.title}`}
          title={t.viewHint}
        >
          <a href={`/post/${post.slug}`} target="_blank" rel="noreferrer">
            <ExternalLink size={14} aria-hidden />
            {label(t.view)}
          </a>
        </Button>
      ) : null}
      {post.published ? (
        <Button
          size={size}
          variant="ghost"
          px={labelled ? undefined : '0'}
          aria-label={`${t.unpublish}: ${post.title}`}
          title={t.unpublish}
          onClick={onUnpublish}
        >
          <EyeOff size={14} aria-hidden />
          {label(t.unpublish)}
        </Button>
      ) : null}
      <Button
        size={size}
        variant="ghost"
        px={labelled ? undefined : '0'}
        aria-label={`${t.fixSlug}: ${post.title}`}
        title={t.fixSlugHint}
        disabled={fixPending}
        onClick={onFixSlug}
      >
        <Link2 size={14} aria-hidden />
        {label(t.fixSlug)}
      </Button>
      <DeleteRowButton name={post.title} onClick={onDelete} labelled={labelled} />
    </HStack>
  );
}

export default function DashboardPage() {
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('all');
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<PostSummaryDto | null>(null);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  // a table from tablet width up; below it, cards (client-only: the admin renders after the session check)
  const [wide] = useMediaQuery([WIDE_QUERY], { ssr: false });

  // The server pages, counts and filters: one aggregate call for the tab counts, one page of 10 rows per call.
  const filters = { ...(search ? { q: search } : {}), ...(category ? { category } : {}) };
  const counts = useCountPosts(filters);
  const total = counts.data?.[tab] ?? 0;
  const totalPages = pageCount(total, PAGE_SIZE);
  // After a delete empties the last page, show the new last page.
  const current = Math.min(page, totalPages);
  const status = TAB_STATUS[tab];
  const params: ListPostsParams = { ...pageWindow(current, PAGE_SIZE), ...filters, ...(status ? { status } : {}) };
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
  const bulk = useBulkChangePosts({
    mutation: {
      onSuccess: (result) => {
        const done = result.action === 'delete' ? t.postDeletedTitle : t.bulkDoneTitle;
        notifySuccess(done, plural(result.changed.length, ARTICLES));
        setSelected(new Set());
        setConfirmBulkDelete(false);
      },
      onError: (error) => notifyError(t.bulkErrorTitle, error),
    },
  });
  const runBulk = (action: BulkAction) => {
    if (action === 'delete') setConfirmBulkDelete(true);
    else bulk.mutate({ data: { action, ids: [...selected] } });
  };
  const unpublish = useBulkChangePosts({
    mutation: {
      onSuccess: () => notifySuccess(t.unpublishedTitle, t.unpublishedBody),
      onError: (error) => notifyError(t.unpublishError, error),
    },
  });
  const toggle = (id: number, checked: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
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

  const categoryLabel = (post: PostSummaryDto) => (post.categoryId != null ? (categoryName.get(post.categoryId) ?? '—') : t.uncategorized);
  const actionsFor = (post: PostSummaryDto) => ({
    post,
    fixPending: fixSlug.isPending,
    onFixSlug: () => fixSlug.mutate({ id: post.id }),
    onUnpublish: () => unpublish.mutate({ data: { action: 'unpublish', ids: [post.id] } }),
    onDelete: () => setToDelete(post),
  });

  const changeTab = (value: Tab) => {
    setTab(value);
    setPage(1);
    setSelected(new Set());
  };
  const changeFilter = (apply: () => void) => {
    apply();
    setPage(1);
    setSelected(new Set());
  };
  const allOnPageSelected = rows.length > 0 && rows.every((post) => selected.has(post.id));

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
            <Text fontSize="lg">{search || category ? t.noMatches : t.noArticles}</Text>
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
          {wide ? (
            <Table.ScrollArea borderWidth="1px" borderRadius="md">
              <Table.Root size="sm" interactive>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader w="8">
                      <input
                        type="checkbox"
                        aria-label={t.selectAllOnPage}
                        checked={allOnPageSelected}
                        onChange={(e) => rows.forEach((post) => toggle(post.id, e.target.checked))}
                        style={{ width: '1.1rem', height: '1.1rem', cursor: 'pointer' }}
                      />
                    </Table.ColumnHeader>
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
                        if ((event.target as HTMLElement).closest('a,button,input')) return;
                        navigate(`/admin/edit/${post.id}`);
                      }}
                    >
                      <Table.Cell>
                        <SelectBox post={post} checked={selected.has(post.id)} onChange={(checked) => toggle(post.id, checked)} />
                      </Table.Cell>
                      <Table.Cell minW="64">
                        <PostTitle post={post} />
                      </Table.Cell>
                      <Table.Cell>
                        <StatusBadge post={post} />
                      </Table.Cell>
                      <Table.Cell>
                        <FeaturedControl post={post} pending={setFeatured.isPending} onSet={() => setFeatured.mutate({ id: post.id })} />
                      </Table.Cell>
                      <Table.Cell>{categoryLabel(post)}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap" fontSize="xs">
                        {formatDate(post.createdAt)}
                      </Table.Cell>
                      <Table.Cell>
                        <PostActions {...actionsFor(post)} />
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          ) : (
            // a phone: one card per post, every field and action in sight, labelled
            <Stack as="ul" gap="3" listStyleType="none">
              {rows.map((post) => (
                <Card.Root as="li" key={post.id} variant="outline" size="sm" data-testid="post-card-row">
                  <Card.Body gap="3">
                    <HStack gap="3" align="start">
                      <SelectBox post={post} checked={selected.has(post.id)} onChange={(checked) => toggle(post.id, checked)} />
                      <PostTitle post={post} />
                    </HStack>
                    <HStack gap="2" wrap="wrap" fontSize="xs" color="fg.muted">
                      <StatusBadge post={post} />
                      <Text>{categoryLabel(post)}</Text>
                      <Text>{formatDate(post.createdAt)}</Text>
                    </HStack>
                    <HStack gap="2" wrap="wrap" justify="space-between">
                      <FeaturedControl post={post} pending={setFeatured.isPending} onSet={() => setFeatured.mutate({ id: post.id })} />
                      <PostActions {...actionsFor(post)} labelled />
                    </HStack>
                  </Card.Body>
                </Card.Root>
              ))}
            </Stack>
          )}
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
        <DashboardFilters
          categories={categories.data ?? []}
          category={category}
          onSearch={(text) => changeFilter(() => setSearch(text))}
          onCategory={(slug) => changeFilter(() => setCategory(slug))}
        />
        <BulkActionsBar count={selected.size} pending={bulk.isPending} onAction={runBulk} onClear={() => setSelected(new Set())} />
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
      <ConfirmDialog
        open={confirmBulkDelete}
        title={t.areYouSure}
        description={t.bulkDeleteConfirm(plural(selected.size, ARTICLES))}
        pending={bulk.isPending}
        onConfirm={() => bulk.mutate({ data: { action: 'delete', ids: [...selected] } })}
        onClose={() => setConfirmBulkDelete(false)}
      />
    </AdminPage>
  );
}

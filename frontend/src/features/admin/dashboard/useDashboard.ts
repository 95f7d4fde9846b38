import { useMemo, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { pageCount, pageRange, pageWindow } from '@mudawwana/rules';
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
import { PAGE_SIZE } from '../components/paginate';
import { notifyError, notifySuccess, withToasts } from '../notify';
import { bulkSelection } from '../components/bulk-selection';

export type Tab = 'all' | 'published' | 'scheduled' | 'drafts';

/** The server's status filter of each tab. */
const TAB_STATUS: Record<Tab, PostStatus | undefined> = { all: undefined, published: 'published', scheduled: 'scheduled', drafts: 'draft' };

/** What a post's row (in the table or as a card) reads and does, the same in both layouts. */
export interface PostRowControls {
  isSelected: (post: PostSummaryDto) => boolean;
  toggle: (id: number, checked: boolean) => void;
  /** The post's category name, '—' for a category not loaded (yet), or 'uncategorized'. */
  categoryLabel: (post: PostSummaryDto) => string;
  featurePending: boolean;
  feature: (post: PostSummaryDto) => void;
  fixSlugPending: boolean;
  fixSlug: (post: PostSummaryDto) => void;
  unpublish: (post: PostSummaryDto) => void;
  /** Asks before deleting (see `deletion`). */
  askDelete: (post: PostSummaryDto) => void;
}

/**
 * The dashboard's state and its talk with the server: the tab, filters, page and selection the author picked, the
 * counts and the page of posts they select (one aggregate call for the tab counts, one page of 10 rows per call),
 * and every change the screen can make, each saying how it went. The screen's parts only show what this returns.
 */
export function useDashboard() {
  const [tab, setTab] = useState<Tab>('all');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [toDelete, setToDelete] = useState<PostSummaryDto | null>(null);
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);

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

  const deletePost = useDeletePost(
    withToasts({
      done: [t.postDeletedTitle, t.postDeletedBody],
      failed: [t.postDeleteErrorTitle, t.postDeleteErrorBody],
      after: () => setToDelete(null),
    }),
  );
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
  const unpublish = useBulkChangePosts(withToasts({ done: [t.unpublishedTitle, t.unpublishedBody], failed: [t.unpublishError] }));
  const fixSlug = useFixPostSlug(
    withToasts({ done: [t.slugFixedTitle, t.slugFixedBody], failed: [t.slugFixErrorTitle, t.slugFixErrorBody] }),
  );
  const setFeatured = useSetFeaturedPost(
    withToasts({ done: [t.featuredSetTitle, t.featuredSetBody], failed: [t.featuredErrorTitle, t.featuredErrorBody] }),
  );

  const toggle = (id: number, checked: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const clearSelection = () => setSelected(new Set());
  // A new tab or filter starts again from its first page, with nothing selected.
  const startOver = () => {
    setPage(1);
    clearSelection();
  };

  const rowControls: PostRowControls = {
    isSelected: (post) => selected.has(post.id),
    toggle,
    categoryLabel: (post) => (post.categoryId != null ? (categoryName.get(post.categoryId) ?? '—') : t.uncategorized),
    featurePending: setFeatured.isPending,
    feature: (post) => setFeatured.mutate({ id: post.id }),
    fixSlugPending: fixSlug.isPending,
    fixSlug: (post) => fixSlug.mutate({ id: post.id }),
    unpublish: (post) => unpublish.mutate({ data: { action: 'unpublish', ids: [post.id] } }),
    askDelete: setToDelete,
  };

  return {
    tab,
    changeTab: (value: Tab) => {
      setTab(value);
      startOver();
    },
    counts: counts.data,
    categories: categories.data ?? [],
    category,
    searchFor: (text: string) => {
      setSearch(text);
      startOver();
    },
    showCategory: (slug: string) => {
      setCategory(slug);
      startOver();
    },
    list: {
      rows,
      isLoading: posts.isLoading || counts.isLoading,
      isError: posts.isError || counts.isError,
      error: posts.error ?? counts.error,
      retry: () => void Promise.all([posts.refetch(), counts.refetch()]),
      /** A search or a category narrows the list (its empty state says "no matches", not "no posts"). */
      filtered: Boolean(search || category),
      page: current,
      totalPages,
      total,
      range: pageRange(current, PAGE_SIZE, total),
      setPage,
      allSelected: rows.length > 0 && rows.every((post) => selected.has(post.id)),
    },
    rowControls,
    selection: bulkSelection<BulkAction>({
      ids: [...selected],
      mutation: bulk,
      confirmingDelete: confirmBulkDelete,
      setConfirmingDelete: setConfirmBulkDelete,
      clear: clearSelection,
    }),
    deletion: {
      post: toDelete,
      pending: deletePost.isPending,
      confirm: () => toDelete && deletePost.mutate({ idOrSlug: toDelete.id }),
      cancel: () => setToDelete(null),
    },
  };
}

export type Dashboard = ReturnType<typeof useDashboard>;

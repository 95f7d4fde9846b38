import { useEffect, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { COMMENT_LIMITS, pageRange } from '@mudawwana/rules';
import { admin as t } from '@/i18n/admin';
import { COMMENTS, plural } from '@/i18n/plural';
import {
  useBulkComments,
  useCountComments,
  useDeleteComment,
  useListComments,
  useUpdateComment,
  type BulkCommentsDtoAction,
  type CommentDto,
  type CommentStatus,
} from '../api';
import { notifyError, notifySuccess, withToasts } from '../notify';
import { BULK_DONE, listParams, STATUS_DONE, type CommentTab } from './comment-rules';
import { bulkSelection } from '../components/bulk-selection';

/** What a comment's row reads and does. */
export interface CommentRowControls {
  /** The tab shows comments of every state: each row says its own. */
  showStatus: boolean;
  isSelected: (comment: CommentDto) => boolean;
  toggle: (id: number, checked: boolean) => void;
  statusPending: boolean;
  setStatus: (comment: CommentDto, status: CommentStatus) => void;
  /** Asks before deleting (see `deletion`). */
  askDelete: (comment: CommentDto) => void;
}

/**
 * The comments screen's state and its talk with the server: the tab (held by the screen, in the address), the search,
 * the page and the selection; the counts of every state, the page of comments they select (100 a call, newest first),
 * and every change the screen makes, each saying how it went. The screen's parts only show what this returns.
 */
export function useComments(tab: CommentTab) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [toDelete, setToDelete] = useState<CommentDto | null>(null);
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  // another tab starts again from its first page, with nothing selected (the search stays)
  const [shownTab, setShownTab] = useState(tab);
  if (shownTab !== tab) {
    setShownTab(tab);
    setPage(1);
    setSelected(new Set());
  }

  const counts = useCountComments();
  const list = useListComments(listParams(tab, search, page), { query: { placeholderData: keepPreviousData } });
  const data = list.data;
  const rows = data?.items ?? [];

  // a change that emptied the last page (the comments left the tab): show the new last page
  useEffect(() => {
    if (data && data.items.length === 0 && page > 1 && data.pages < page) setPage(Math.max(1, data.pages));
  }, [data, page]);

  const forget = (id: number) =>
    setSelected((prev) => {
      if (!prev.has(id)) return prev;
      const next = new Set(prev);
      next.delete(id);
      return next;
    });

  const update = useUpdateComment({
    mutation: {
      onSuccess: (comment) => notifySuccess(STATUS_DONE[comment.status]),
      onError: (error) => notifyError(t.commentActionError, error),
    },
  });
  const remove = useDeleteComment(
    withToasts({
      done: [t.commentDeleted],
      failed: [t.commentActionError],
      after: () => {
        if (toDelete) forget(toDelete.id);
        setToDelete(null);
      },
    }),
  );
  const bulk = useBulkComments({
    mutation: {
      onSuccess: (result, { data: { action } }) => {
        notifySuccess(BULK_DONE[action], plural(result.changed, COMMENTS));
        setSelected(new Set());
        setConfirmBulkDelete(false);
      },
      onError: (error) => notifyError(t.bulkErrorTitle, error),
    },
  });

  const toggle = (id: number, checked: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  // only the rows on screen count: a comment that left the tab (approved from its row) is not acted on unseen
  const chosen = rows.filter((comment) => selected.has(comment.id)).map((comment) => comment.id);
  const total = data?.total ?? 0;
  const current = data?.page ?? page;

  const controls: CommentRowControls = {
    showStatus: tab === 'all',
    isSelected: (comment) => selected.has(comment.id),
    toggle,
    statusPending: update.isPending,
    setStatus: (comment, status) => {
      forget(comment.id);
      update.mutate({ id: comment.id, data: { status } });
    },
    askDelete: setToDelete,
  };

  return {
    counts: counts.data,
    search,
    searchFor: (text: string) => {
      setSearch(text);
      setPage(1);
      setSelected(new Set());
    },
    list: {
      rows,
      isLoading: list.isLoading,
      isError: list.isError,
      error: list.error,
      retry: () => void list.refetch(),
      searched: search.trim().length > 0,
      page: current,
      totalPages: data?.pages ?? 1,
      total,
      range: pageRange(current, COMMENT_LIMITS.pageSize, total),
      setPage: (next: number) => {
        setPage(next);
        setSelected(new Set());
        window.scrollTo({ top: 0 });
      },
      allSelected: rows.length > 0 && chosen.length === rows.length,
      selectAll: (checked: boolean) => setSelected(checked ? new Set(rows.map((comment) => comment.id)) : new Set()),
    },
    controls,
    selection: bulkSelection<BulkCommentsDtoAction>({
      ids: chosen,
      mutation: bulk,
      confirmingDelete: confirmBulkDelete,
      setConfirmingDelete: setConfirmBulkDelete,
      clear: () => setSelected(new Set()),
    }),
    deletion: {
      comment: toDelete,
      pending: remove.isPending,
      confirm: () => toDelete && remove.mutate({ id: toDelete.id }),
      cancel: () => setToDelete(null),
    },
  };
}

export type Comments = ReturnType<typeof useComments>;

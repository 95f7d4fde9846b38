import ListSearch from '../components/ListSearch';
import { Badge, Box, HStack, Stack, Tabs } from '@chakra-ui/react';
import { MessageSquare } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import { EmptyList } from '../components/AdminList';
import ConfirmDialog from '../components/ConfirmDialog';
import Pagination from '../components/Pagination';
import { ErrorState, LoadingState } from '../components/QueryState';
import { COMMENT_TABS, tabCount, type CommentTab } from './comment-rules';
import CommentRow from './CommentRow';
import CommentsBulkBar from './CommentsBulkBar';
import TapCheckbox from './TapCheckbox';
import { useComments, type Comments } from './useComments';

const EMPTY: Record<CommentTab, { title: string; hint?: string }> = {
  pending: { title: t.noCommentsPending, hint: t.noCommentsPendingHint },
  approved: { title: t.noCommentsApproved },
  spam: { title: t.noCommentsSpam },
  rejected: { title: t.noCommentsRejected },
  all: { title: t.noComments, hint: t.noCommentsHint },
};

/** The moderation view: a tab per state with its count, the search, the bulk actions and the tab's page of comments. */
export default function CommentsList({ tab, onTab }: { tab: CommentTab; onTab: (tab: CommentTab) => void }) {
  const comments = useComments(tab);
  const { selection, deletion } = comments;
  return (
    <>
      <Tabs.Root value={tab} onValueChange={(event) => onTab(event.value as CommentTab)} variant="line" size={{ base: 'lg', md: 'md' }}>
        <Tabs.List aria-label={t.commentsStates} flexWrap="wrap">
          {COMMENT_TABS.map(({ value, label }) => {
            const count = tabCount(comments.counts, value);
            return (
              <Tabs.Trigger key={value} value={value} flexShrink={0}>
                {label}
                <Badge
                  size="sm"
                  variant={value === 'pending' && count ? 'solid' : 'subtle'}
                  colorPalette={value === 'pending' && count ? 'yellow' : undefined}
                  data-testid={`comments-count-${value}`}
                >
                  {count ?? '…'}
                </Badge>
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
        <CommentsSearch onSearch={comments.searchFor} />
        {COMMENT_TABS.map(({ value }) => (
          <Tabs.Content key={value} value={value} p="0">
            {tab === value ? <TabComments tab={value} comments={comments} /> : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>

      <ConfirmDialog
        open={deletion.comment !== null}
        title={t.areYouSure}
        description={deletion.comment ? t.commentWillBeDeleted(deletion.comment.authorName) : ''}
        pending={deletion.pending}
        onConfirm={deletion.confirm}
        onClose={deletion.cancel}
      />
      <ConfirmDialog
        open={selection.confirmingDelete}
        title={t.areYouSure}
        description={t.bulkCommentsDeleteConfirm(selection.count)}
        pending={selection.pending}
        onConfirm={selection.confirmDelete}
        onClose={selection.cancelDelete}
      />
    </>
  );
}

/** Words in the text, the name or the email. */
function CommentsSearch({ onSearch }: { onSearch: (text: string) => void }) {
  return (
    <Box pt="4">
      <ListSearch label={t.searchComments} onSearch={onSearch} />
    </Box>
  );
}

/** The open tab's comments: loading, the error with a retry, the empty state, or the page with its selection. */
function TabComments({ tab, comments }: { tab: CommentTab; comments: Comments }) {
  const { list, selection, controls } = comments;
  if (list.isLoading) {
    return (
      <Box pt="4">
        <LoadingState />
      </Box>
    );
  }
  if (list.isError) {
    return (
      <Box pt="4">
        <ErrorState title={t.failedFetchComments} error={list.error} onRetry={list.retry} />
      </Box>
    );
  }
  if (list.rows.length === 0) {
    const empty = list.searched ? { title: t.noCommentMatches } : EMPTY[tab];
    return <EmptyList icon={<MessageSquare size={40} aria-hidden />} title={empty.title} hint={empty.hint} />;
  }
  return (
    <Stack gap="3" pt="4">
      <HStack gap="2" wrap="wrap" justify="space-between">
        <TapCheckbox checked={list.allSelected} onChange={list.selectAll} label={t.selectAllComments}>
          {t.selectAllComments}
        </TapCheckbox>
      </HStack>
      <CommentsBulkBar count={selection.count} pending={selection.pending} onAction={selection.run} onClear={selection.clear} />
      <Stack as="ul" gap="3" listStyleType="none" aria-label={t.comments} data-testid="comments-list">
        {list.rows.map((comment) => (
          <CommentRow key={comment.id} comment={comment} controls={controls} />
        ))}
      </Stack>
      <Pagination
        page={list.page}
        totalPages={list.totalPages}
        caption={t.commentsShowing(list.range.from, list.range.to, list.total)}
        onPageChange={list.setPage}
        label={t.commentsPagination}
      />
    </Stack>
  );
}

import { Box, useMediaQuery } from '@chakra-ui/react';
import { FileText } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import { EmptyList } from '../components/AdminList';
import Pagination from '../components/Pagination';
import { ErrorState, LoadingState } from '../components/QueryState';
import { NewArticleButton } from './DashboardLinks';
import PostCards from './PostCards';
import PostsTable from './PostsTable';
import type { Dashboard } from './useDashboard';

/** Below this width the posts are cards, not a table (~768 px: the table's six columns no longer fit). */
const WIDE_QUERY = '(min-width: 48em)';

/** The tab's posts: loading, the error with a retry, the empty state, or a page of them with the pagination. */
export default function PostsList({ list, controls }: { list: Dashboard['list']; controls: Dashboard['rowControls'] }) {
  // a table from tablet width up; below it, cards (client-only: the admin renders after the session check)
  const [wide] = useMediaQuery([WIDE_QUERY], { ssr: false });
  return (
    <Box pt="4">
      {list.isLoading ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState title={t.failedFetchPosts} error={list.error} onRetry={list.retry} />
      ) : list.rows.length === 0 ? (
        <EmptyList
          icon={<FileText size={40} aria-hidden />}
          title={list.filtered ? t.noMatches : t.noArticles}
          action={<NewArticleButton label={t.createFirstArticle} />}
        />
      ) : (
        <>
          {wide ? (
            <PostsTable rows={list.rows} controls={controls} allSelected={list.allSelected} />
          ) : (
            <PostCards rows={list.rows} controls={controls} />
          )}
          <Pagination
            page={list.page}
            totalPages={list.totalPages}
            caption={t.showingResults(list.range.from, list.range.to, list.total)}
            onPageChange={list.setPage}
          />
        </>
      )}
    </Box>
  );
}

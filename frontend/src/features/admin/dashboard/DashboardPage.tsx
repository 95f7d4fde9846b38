import { Badge, Tabs } from '@chakra-ui/react';
import { admin as t } from '@/i18n/admin';
import { ARTICLES, plural } from '@/i18n/plural';
import BulkActionsBar from './BulkActionsBar';
import DashboardFilters from './DashboardFilters';
import DashboardLinks from './DashboardLinks';
import PostsList from './PostsList';
import { useDashboard, type Tab } from './useDashboard';
import AdminPage from '../components/AdminPage';
import ConfirmDialog from '../components/ConfirmDialog';

const TABS = [
  ['all', t.tabAll],
  ['published', t.tabPublished],
  ['scheduled', t.tabScheduled],
  ['drafts', t.tabDrafts],
] as const;

/** The author's posts: a tab per status with its count, filters, bulk actions, and the list of the open tab. */
export default function DashboardPage() {
  const dashboard = useDashboard();
  const { tab, selection, deletion } = dashboard;
  return (
    <AdminPage title={t.controlPanel} actions={<DashboardLinks />}>
      <Tabs.Root value={tab} onValueChange={(e) => dashboard.changeTab(e.value as Tab)} variant="line">
        <Tabs.List>
          {TABS.map(([value, label]) => (
            <Tabs.Trigger key={value} value={value}>
              {label}
              <Badge size="sm" variant="subtle" data-testid={`count-${value}`}>
                {dashboard.counts?.[value] ?? '…'}
              </Badge>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <DashboardFilters
          categories={dashboard.categories}
          category={dashboard.category}
          onSearch={dashboard.searchFor}
          onCategory={dashboard.showCategory}
        />
        <BulkActionsBar count={selection.count} pending={selection.pending} onAction={selection.run} onClear={selection.clear} />
        {TABS.map(([value]) => (
          <Tabs.Content key={value} value={value} p="0">
            {tab === value ? <PostsList list={dashboard.list} controls={dashboard.rowControls} /> : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>

      <ConfirmDialog
        open={deletion.post !== null}
        title={t.areYouSure}
        description={deletion.post ? t.articleWillBeDeleted(deletion.post.title) : ''}
        pending={deletion.pending}
        onConfirm={deletion.confirm}
        onClose={deletion.cancel}
      />
      <ConfirmDialog
        open={selection.confirmingDelete}
        title={t.areYouSure}
        description={t.bulkDeleteConfirm(plural(selection.count, ARTICLES))}
        pending={selection.pending}
        onConfirm={selection.confirmDelete}
        onClose={selection.cancelDelete}
      />
    </AdminPage>
  );
}

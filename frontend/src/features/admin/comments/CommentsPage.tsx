import { Badge, Tabs } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { MessageSquare, Settings } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import { useCountComments } from '../api';
import AdminPage from '../components/AdminPage';
import { tabFrom, type CommentTab } from './comment-rules';
import CommentSettingsPanel from './CommentSettingsPanel';
import CommentsList from './CommentsList';

type View = 'list' | 'settings';

/**
 * /admin/comments: the readers' comments to moderate, a tab per state (pending first), and the comment settings
 * (?view=settings). The tab and the view are in the address, so a link (a mail's, the editor's) opens the right one.
 */
export default function CommentsPage() {
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'settings' ? 'settings' : 'list';
  const tab = tabFrom(params.get('status'));
  const pending = useCountComments().data?.pending ?? 0;

  const go = (next: { view?: View; tab?: CommentTab }) => {
    const search = new URLSearchParams();
    if (next.view === 'settings') search.set('view', 'settings');
    else if (next.tab && next.tab !== 'pending') search.set('status', next.tab);
    setParams(search, { replace: true });
  };

  return (
    <AdminPage title={t.comments} backTo="/admin">
      <Tabs.Root
        value={view}
        onValueChange={(event) => go({ view: event.value as View, tab })}
        variant="enclosed"
        size={{ base: 'lg', md: 'md' }}
      >
        <Tabs.List aria-label={t.commentsViews}>
          <Tabs.Trigger value="list">
            <MessageSquare size={16} aria-hidden />
            {t.commentsViewList}
            {pending > 0 ? (
              <Badge size="sm" colorPalette="yellow" variant="solid" title={t.commentsPendingLabel(pending)}>
                {pending}
              </Badge>
            ) : null}
          </Tabs.Trigger>
          <Tabs.Trigger value="settings">
            <Settings size={16} aria-hidden />
            {t.commentsViewSettings}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="list" pt="4">
          {view === 'list' ? <CommentsList tab={tab} onTab={(next) => go({ tab: next })} /> : null}
        </Tabs.Content>
        <Tabs.Content value="settings" pt="6">
          {view === 'settings' ? <CommentSettingsPanel /> : null}
        </Tabs.Content>
      </Tabs.Root>
    </AdminPage>
  );
}

import { Badge, Button, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { ArrowDownUp, FileText, Globe, Home, Layers, Mail, MessageSquare, Plus, Settings, Signpost, Tags, UserRound } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import { useCountComments, useCountFollowers } from '../api';

const LINKS = [
  { to: '/admin/settings', label: t.settings, icon: Settings },
  { to: '/admin/home-layout', label: t.homeLayout, icon: Home },
  { to: '/admin/pages', label: t.pages, icon: FileText },
  { to: '/admin/categories', label: t.categories, icon: Layers },
  { to: '/admin/tags', label: t.tags, icon: Tags },
  { to: '/admin/profile', label: t.profile, icon: UserRound },
  { to: '/admin/subscribers', label: t.subscribers, icon: Mail },
  { to: '/admin/comments', label: t.comments, icon: MessageSquare },
  { to: '/admin/fediverse', label: t.fediverse, icon: Globe },
  { to: '/admin/redirects', label: t.redirects, icon: Signpost },
  { to: '/admin/tools', label: t.tools, icon: ArrowDownUp },
];

/** The dashboard's header: a link to every other admin screen, and the new article button. */
export default function DashboardLinks() {
  // what waits for the author, on the link to it: comments to moderate, follow requests to accept
  const pendingComments = useCountComments().data?.pending ?? 0;
  const followRequests = useCountFollowers().data?.pending ?? 0;
  const waiting: Record<string, { count: number; label: (count: number) => string; testId: string }> = {
    '/admin/comments': { count: pendingComments, label: t.commentsPendingLabel, testId: 'comments-pending-badge' },
    '/admin/fediverse': { count: followRequests, label: t.followRequestsWaiting, testId: 'follow-requests-badge' },
  };
  return (
    <>
      {LINKS.map(({ to, label, icon: Icon }) => (
        <Button key={to} asChild variant="outline" size="sm">
          <Link to={to}>
            <Icon size={16} aria-hidden />
            {label}
            {waiting[to] && waiting[to].count > 0 ? <PendingBadge {...waiting[to]} /> : null}
          </Link>
        </Button>
      ))}
      <NewArticleButton label={t.newArticle} size="sm" />
    </>
  );
}

/** How many wait for the author; screen readers hear it in words ('3 تعليقات بانتظار المراجعة', 'طلبان بانتظار موافقتك'). */
function PendingBadge({ count, label, testId }: { count: number; label: (count: number) => string; testId: string }) {
  return (
    <>
      <Badge size="sm" colorPalette="yellow" variant="solid" aria-hidden data-testid={testId}>
        {count}
      </Badge>
      <Text as="span" srOnly>
        {`(${label(count)})`}
      </Text>
    </>
  );
}

/** The blue button to the editor of a new post. */
export function NewArticleButton({ label, size }: { label: string; size?: 'sm' }) {
  return (
    <Button asChild size={size} colorPalette="blue">
      <Link to="/admin/edit">
        <Plus size={16} aria-hidden />
        {label}
      </Link>
    </Button>
  );
}

import { Badge, Button, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { ArrowDownUp, FileText, Globe, Home, Layers, Mail, MessageSquare, Plus, Settings, Signpost, Tags, UserRound } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import { useCountComments } from '../api';

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
  // the comments waiting for the author, on the link to them
  const pending = useCountComments().data?.pending ?? 0;
  return (
    <>
      {LINKS.map(({ to, label, icon: Icon }) => (
        <Button key={to} asChild variant="outline" size="sm">
          <Link to={to}>
            <Icon size={16} aria-hidden />
            {label}
            {to === '/admin/comments' && pending > 0 ? <PendingBadge count={pending} /> : null}
          </Link>
        </Button>
      ))}
      <NewArticleButton label={t.newArticle} size="sm" />
    </>
  );
}

/** The number of comments waiting for the author; screen readers hear it in words ('3 تعليقات بانتظار المراجعة'). */
function PendingBadge({ count }: { count: number }) {
  return (
    <>
      <Badge size="sm" colorPalette="yellow" variant="solid" aria-hidden data-testid="comments-pending-badge">
        {count}
      </Badge>
      <Text as="span" srOnly>
        {`(${t.commentsPendingLabel(count)})`}
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

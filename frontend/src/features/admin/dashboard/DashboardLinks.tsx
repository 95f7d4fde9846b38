import { Button } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { FileText, Home, Layers, Mail, Plus, Settings, Tags, UserRound } from 'lucide-react';
import { admin as t } from '@/i18n/admin';

const LINKS = [
  { to: '/admin/settings', label: t.settings, icon: Settings },
  { to: '/admin/home-layout', label: t.homeLayout, icon: Home },
  { to: '/admin/pages', label: t.pages, icon: FileText },
  { to: '/admin/categories', label: t.categories, icon: Layers },
  { to: '/admin/tags', label: t.tags, icon: Tags },
  { to: '/admin/profile', label: t.profile, icon: UserRound },
  { to: '/admin/subscribers', label: t.subscribers, icon: Mail },
];

/** The dashboard's header: a link to every other admin screen, and the new article button. */
export default function DashboardLinks() {
  return (
    <>
      {LINKS.map(({ to, label, icon: Icon }) => (
        <Button key={to} asChild variant="outline" size="sm">
          <Link to={to}>
            <Icon size={16} aria-hidden />
            {label}
          </Link>
        </Button>
      ))}
      <NewArticleButton label={t.newArticle} size="sm" />
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

import { Button, HStack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { ExternalLink, EyeOff, Link2, Pencil, type LucideIcon } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import type { PostSummaryDto } from '../api';
import DeleteRowButton from '../components/DeleteRowButton';
import type { PostRowControls } from './useDashboard';

interface PostActionsProps {
  post: PostSummaryDto;
  controls: PostRowControls;
  /** Text next to each icon (the phone cards); the table shows icons with their name as a tooltip. */
  labelled?: boolean;
}

/** Edit, view (published posts), unpublish (published posts), fix link, delete. */
export default function PostActions({ post, controls, labelled = false }: PostActionsProps) {
  const action = { postTitle: post.title, labelled };
  return (
    <HStack gap="1" wrap="wrap">
      <PostAction {...action} name={t.edit} hint={t.edit} icon={Pencil} to={`/admin/edit/${post.id}`} />
      {post.published ? <PostAction {...action} name={t.view} hint={t.viewHint} icon={ExternalLink} newTab={`/post/${post.slug}`} /> : null}
      {post.published ? (
        <PostAction {...action} name={t.unpublish} hint={t.unpublish} icon={EyeOff} onClick={() => controls.unpublish(post)} />
      ) : null}
      <PostAction
        {...action}
        name={t.fixSlug}
        hint={t.fixSlugHint}
        icon={Link2}
        disabled={controls.fixSlugPending}
        onClick={() => controls.fixSlug(post)}
      />
      <DeleteRowButton name={post.title} onClick={() => controls.askDelete(post)} labelled={labelled} />
    </HStack>
  );
}

interface PostActionProps {
  postTitle: string;
  labelled: boolean;
  /** What the action does, said with the post's title to screen readers ('Edit: <title>'). */
  name: string;
  /** The tooltip. */
  hint: string;
  icon: LucideIcon;
  /** A link within the admin, instead of a button. */
  to?: string;
  /** A link opened in a new tab (the public page), instead of a button. */
  newTab?: string;
  disabled?: boolean;
  onClick?: () => void;
}

/** One action of a post, a link or a button: its icon, and its name too when `labelled`. */
function PostAction({ postTitle, labelled, name, hint, icon: Icon, to, newTab, disabled, onClick }: PostActionProps) {
  const look = {
    size: labelled ? 'sm' : 'xs',
    variant: 'ghost',
    px: labelled ? undefined : '0',
    'aria-label': `${name}: ${postTitle}`,
    title: hint,
  } as const;
  const content = (
    <>
      <Icon size={14} aria-hidden />
      {labelled ? <Text as="span">{name}</Text> : null}
    </>
  );
  if (to) {
    return (
      <Button asChild {...look}>
        <Link to={to}>{content}</Link>
      </Button>
    );
  }
  if (newTab) {
    return (
      <Button asChild {...look}>
        <a href={newTab} target="_blank" rel="noreferrer">
          {content}
        </a>
      </Button>
    );
  }
  return (
    <Button {...look} disabled={disabled} onClick={onClick}>
      {content}
    </Button>
  );
}

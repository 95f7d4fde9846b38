import { emptyPostForm, postToForm, type EditablePost, type PostFormValues } from '@/lib/post-payload';

/** Days after publication the comments can close at most (the server's limit). */
export const CLOSE_AFTER_DAYS_MAX = 3650;

/** The post's comment settings as the editor's fields hold them. */
export interface PostCommentValues {
  commentsOpen: boolean;
  /** Days as typed; '' for never. */
  commentsCloseAfterDays: string;
}

/** The editor's form: the post's fields and its comment settings. */
export type PostEditorValues = PostFormValues & PostCommentValues;

/** A new post takes comments (the server's default), without a closing day. */
export const emptyEditorForm: PostEditorValues = { ...emptyPostForm, commentsOpen: true, commentsCloseAfterDays: '' };

/** The form of a saved post (a post saved before comments existed takes them, as the server says). */
export function postToEditorForm(
  post: EditablePost & { commentsOpen?: boolean; commentsCloseAfterDays?: number | null },
): PostEditorValues {
  return {
    ...postToForm(post),
    commentsOpen: post.commentsOpen ?? true,
    commentsCloseAfterDays: post.commentsCloseAfterDays != null ? String(post.commentsCloseAfterDays) : '',
  };
}

/** A form kept in this browser by an older build (no comment fields): the defaults fill them in. */
export function withCommentDefaults(values: PostFormValues & Partial<PostCommentValues>): PostEditorValues {
  return { ...emptyEditorForm, ...values };
}

/** The closing day typed: null for never (empty), the number of days, or undefined when it is not a whole 1..3650. */
export function parseCloseAfterDays(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,4}$/.test(trimmed)) return undefined;
  const days = Number(trimmed);
  return days >= 1 && days <= CLOSE_AFTER_DAYS_MAX ? days : undefined;
}

/** What the post's save sends of its comment settings (the fields must be valid: parseCloseAfterDays first). */
export function commentsPayload(values: PostCommentValues): { commentsOpen: boolean; commentsCloseAfterDays: number | null } {
  return { commentsOpen: values.commentsOpen, commentsCloseAfterDays: parseCloseAfterDays(values.commentsCloseAfterDays) ?? null };
}

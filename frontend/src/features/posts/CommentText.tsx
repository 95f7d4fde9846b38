import { commentParts } from '@/lib/comment-text';

/** Where a reader's link goes is the reader's choice, not the blog's: no ranking credit, no opener, marked as theirs. */
export const COMMENT_LINK_REL = 'nofollow ugc noopener';

/**
 * A reader's comment as React elements: its plain text as text (markup stays text: React escapes it) and each web
 * address a link, left to right and isolated from the Arabic around it. Never HTML from readers.
 */
export function CommentText({ content }: { content: string }) {
  return commentParts(content).map((part, i) =>
    part.href ? (
      <a key={i} href={part.href} rel={COMMENT_LINK_REL} dir="ltr">
        {part.text}
      </a>
    ) : (
      part.text
    ),
  );
}

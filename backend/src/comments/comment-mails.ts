import { isolate, type TextDirection } from '@mudawwana/rules';
import type { Mail } from '../mail/mail.service';
import { escapeHtml } from '../newsletter/newsletter-mails';

/**
 * The comment mails, Arabic and right-to-left, as plain text and simple HTML: to the author (a new comment, with
 * links that moderate it), and to a reader (confirm reply notices; a reply came, with a link that stops them).
 * Subjects quote the post's title between «», isolated in its language's direction (RLI/LRI … PDI), so a mixed
 * Arabic and English title reads in order in any client; the Arabic words before it make the line right to left.
 */

/** One paragraph per line of text; a line that is a URL becomes a link. */
function html(lines: readonly string[]): string {
  const body = lines
    .map((line) =>
      /^https?:\/\//.test(line) ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>` : `<p dir="auto">${escapeHtml(line)}</p>`,
    )
    .join('\n');
  return `<!DOCTYPE html><html lang="ar" dir="rtl"><head><meta charset="utf-8"></head><body dir="rtl" style="font-family: Tahoma, Arial, sans-serif; line-height: 1.8; text-align: right">\n${body}\n</body></html>`;
}

function mail(to: string, subject: string, lines: string[]): Mail {
  return { to, subject, text: `${lines.join('\n\n')}\n`, html: html(lines) };
}

/** The post's title as a mail quotes it: isolated in its own direction. */
const title = (facts: CommentMailFacts) => isolate(facts.postTitle, facts.postDirection);

const quoted = (content: string) =>
  content
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');

export interface CommentMailFacts {
  blogName: string;
  postTitle: string;
  /** The direction of the post's language, which its title is isolated in. */
  postDirection: TextDirection;
  postUrl: string;
  authorName: string;
  content: string;
}

/** To the author: a new comment; when it waits, links that approve, mark as spam or reject it from the mail. */
export function newCommentMail(
  to: string,
  facts: CommentMailFacts,
  moderation: { approveUrl: string; spamUrl: string; rejectUrl: string } | null,
  adminUrl: string,
): Mail {
  const subject = moderation ? `تعليق جديد على «${title(facts)}» ينتظر مراجعتك` : `تعليق جديد على «${title(facts)}»`;
  return mail(to, subject, [
    `كتب ${facts.authorName} على «${title(facts)}»:`,
    quoted(facts.content),
    ...(moderation
      ? ['للموافقة عليه:', moderation.approveUrl, 'لوضعه في المزعج:', moderation.spamUrl, 'لرفضه:', moderation.rejectUrl]
      : ['المقال:', facts.postUrl]),
    'كل التعليقات في لوحة التحكم:',
    adminUrl,
  ]);
}

/** To a reader who asked to be told of replies: the confirmation (double opt-in). */
export function confirmRepliesMail(to: string, facts: CommentMailFacts, confirmUrl: string): Mail {
  return mail(to, `أكّد رغبتك في تلقي الردود على تعليقك في «${title(facts)}»`, [
    `طلبت أن تصلك الردود على تعليقك في ${facts.blogName}. لتأكيد ذلك افتح الرابط التالي:`,
    confirmUrl,
    'إن لم تطلب ذلك فتجاهل هذه الرسالة، ولن تصلك منّا رسائل أخرى.',
  ]);
}

/** To a reader whose comment was answered (they confirmed reply notices). */
export function replyMail(to: string, facts: CommentMailFacts, replyUrl: string, stopUrl: string): Mail {
  return mail(to, `ردّ جديد على تعليقك في «${title(facts)}»`, [
    `ردّ ${facts.authorName} على تعليقك في «${title(facts)}»:`,
    quoted(facts.content),
    'اقرأ الرد:',
    replyUrl,
    'لإيقاف رسائل الردود على هذا التعليق:',
    stopUrl,
  ]);
}

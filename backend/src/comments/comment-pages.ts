import { COMMENT_LIMITS } from '@mudawwana/rules';
import { standalonePage } from '../common/standalone-page';
import { escapeHtml } from '../newsletter/newsletter-mails';

/**
 * The pages the comment API answers with itself: the form's second step for readers without JavaScript (they cannot
 * run the proof of work, so they answer a short question instead), and the pages of the links in comment mails
 * (opening a link only asks; its button POSTs, so a mail scanner that follows links changes nothing).
 */

interface Blog {
  blogName: string;
  homeUrl: string;
}

/** What the reader typed, carried to the next step. */
export interface CommentFields {
  name: string;
  email: string;
  content: string;
  parentId: string;
  notifyReplies: boolean;
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

/**
 * The second step of the form without JavaScript: the comment as it will be sent, the question, and the answer
 * field. `problem` (an earlier wrong answer, a field the rules refuse) is said above the form, and the fields are
 * shown to edit when one of them was refused.
 */
export function commentCheckPage(
  blog: Blog,
  post: { title: string; path: string; formAction: string },
  fields: CommentFields,
  check: { token: string; question: string },
  problem?: { message: string; editFields: boolean },
): string {
  const editable = problem?.editFields
    ? `<label for="name">الاسم</label>
<input type="text" id="name" name="name" value="${escapeHtml(fields.name)}" required minlength="${COMMENT_LIMITS.nameMinLength}" maxlength="${COMMENT_LIMITS.nameMaxLength}" dir="auto">
<label for="content">التعليق</label>
<textarea id="content" name="content" rows="6" required minlength="${COMMENT_LIMITS.contentMinLength}" maxlength="${COMMENT_LIMITS.contentMaxLength}" dir="auto">${escapeHtml(fields.content)}</textarea>
`
    : `<blockquote dir="auto">${escapeHtml(fields.content)}</blockquote>
${hidden('name', fields.name)}
${hidden('content', fields.content)}
`;
  return standalonePage({
    ...blog,
    title: 'خطوة أخيرة قبل إرسال تعليقك',
    mark: problem ? 'comment-check-again' : 'comment-check',
    backLink: { href: post.path, label: `العودة إلى «${post.title}»` },
    body: `${problem ? `<p class="error" role="alert">${escapeHtml(problem.message)}</p>\n` : ''}<p>أجب عن السؤال لنعرف أنك لست برنامجًا آليًا، ثم أرسل تعليقك على «${escapeHtml(post.title)}».</p>
<form method="post" action="${escapeHtml(post.formAction)}">
${editable}${hidden('email', fields.email)}
${hidden('parentId', fields.parentId)}
${fields.notifyReplies ? hidden('notifyReplies', 'on') : ''}
${hidden('check', check.token)}
<label for="answer">${escapeHtml(check.question)}</label>
<input type="text" id="answer" name="answer" inputmode="numeric" autocomplete="off" required maxlength="10">
<button type="submit">أرسل التعليق</button>
</form>
`,
  });
}

/** The form's answer when the comment could not be taken at all (closed, too many, the post gone). */
export function commentRefusedPage(blog: Blog, message: string, back?: { href: string; label: string }): string {
  return standalonePage({
    ...blog,
    title: 'لم يُرسَل تعليقك',
    mark: 'comment-refused',
    body: `<p class="error" role="alert">${escapeHtml(message)}</p>\n`,
    backLink: back,
  });
}

export type ModerationAction = 'approve' | 'spam' | 'reject';

const ACTION_LABELS: Record<ModerationAction, { ask: string; done: string }> = {
  approve: { ask: 'الموافقة على التعليق', done: 'نُشر التعليق' },
  spam: { ask: 'وضع علامة «مزعج»', done: 'وُضع التعليق في المزعج' },
  reject: { ask: 'رفض التعليق', done: 'رُفض التعليق' },
};

export const isModerationAction = (action: unknown): action is ModerationAction =>
  typeof action === 'string' && Object.hasOwn(ACTION_LABELS, action);

/** The page of a moderation link in the author's mail: the comment, and a button that does what the link says. */
export function moderationAskPage(
  blog: Blog,
  comment: { authorName: string; content: string; postTitle: string },
  token: string,
  action: ModerationAction,
): string {
  return standalonePage({
    ...blog,
    title: ACTION_LABELS[action].ask,
    mark: `moderate-ask-${action}`,
    backLink: { href: `${blog.homeUrl}admin/comments`, label: 'كل التعليقات في لوحة التحكم' },
    body: `<p>تعليق ${escapeHtml(comment.authorName)} على «${escapeHtml(comment.postTitle)}»:</p>
<blockquote dir="auto">${escapeHtml(comment.content)}</blockquote>
<form method="post" action="/api/comments/moderate">
${hidden('token', token)}
${hidden('action', action)}
<button type="submit">${escapeHtml(ACTION_LABELS[action].ask)}</button>
</form>
`,
  });
}

export function moderationDonePage(blog: Blog, action: ModerationAction): string {
  return standalonePage({
    ...blog,
    title: ACTION_LABELS[action].done,
    mark: `moderated-${action}`,
    backLink: { href: `${blog.homeUrl}admin/comments`, label: 'كل التعليقات في لوحة التحكم' },
    body: '<p>تم. يمكنك تغيير ذلك في أي وقت من صفحة التعليقات في لوحة التحكم.</p>\n',
  });
}

export function invalidLinkPage(blog: Blog): string {
  return standalonePage({
    ...blog,
    title: 'الرابط غير صالح',
    mark: 'invalid',
    body: '<p>هذا الرابط غير صحيح أو لم يعد مستخدمًا. تأكد من نسخ الرابط كاملًا من الرسالة.</p>\n',
  });
}

export type ReplyNoticeStep = 'confirm-ask' | 'confirmed' | 'stop-ask' | 'stopped';

const REPLY_PAGES: Record<ReplyNoticeStep, { title: string; body: string; action?: { path: string; label: string } }> = {
  'confirm-ask': {
    title: 'تلقي الردود على تعليقك',
    body: 'اضغط الزر لتصلك رسالة كلما ردّ أحد على تعليقك.',
    action: { path: '/api/comments/replies/confirm', label: 'نعم، أرسلوا إليّ الردود' },
  },
  confirmed: { title: 'ستصلك الردود على تعليقك', body: 'في كل رسالة رابط لإيقافها متى شئت.' },
  'stop-ask': {
    title: 'إيقاف رسائل الردود',
    body: 'اضغط الزر فلا تصلك بعد الآن رسائل عن الردود على هذا التعليق.',
    action: { path: '/api/comments/replies/stop', label: 'إيقاف الرسائل' },
  },
  stopped: { title: 'أُوقفت رسائل الردود', body: 'لن تصلك رسائل عن الردود على هذا التعليق.' },
};

export function replyNoticePage(blog: Blog, step: ReplyNoticeStep, token = ''): string {
  const page = REPLY_PAGES[step];
  const form = page.action
    ? `<form method="post" action="${page.action.path}">\n${hidden('token', token)}\n<button type="submit">${escapeHtml(page.action.label)}</button>\n</form>\n`
    : '';
  return standalonePage({ ...blog, title: page.title, mark: `replies-${step}`, body: `<p>${escapeHtml(page.body)}</p>\n${form}` });
}

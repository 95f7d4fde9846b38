import { formatNumber, languageDirection, titleLeavingPage, type DisplayDigits } from '@mudawwana/rules';
import type { Mail } from '../mail/mail.service';

/**
 * The newsletter's mails, Arabic and right-to-left, each as HTML and plain text. Every one carries its one-click
 * unsubscribe link in the body and in the List-Unsubscribe headers (RFC 2369 and RFC 8058: a mail client's
 * "unsubscribe" button POSTs to the same URL).
 */

export interface NewsletterPost {
  title: string;
  /** A canonical BCP 47 tag: the post's part of the mail carries it and its direction. */
  language: string;
  excerpt: string;
  /** The post's HTML for a mail (newsletter/mail-content.ts): absolute links, formulas as TeX. */
  contentHtml: string;
  /** Absolute URLs. */
  url: string;
  imageUrl: string | null;
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

const FONT = "font-family: Tahoma, 'Segoe UI', Arial, sans-serif";

/** The frame every mail shares: a narrow column, the blog's name on top, the unsubscribe line at the bottom. */
function layout(blogName: string, subject: string, body: string, unsubscribeUrl: string): string {
  return `<!DOCTYPE html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
<style>img { max-width: 100%; height: auto; } pre { white-space: pre-wrap; } code { direction: ltr; unicode-bidi: isolate; }</style>
</head>
<body dir="rtl" style="margin: 0; padding: 0; background: #f4f4f5; ${FONT}; color: #18181b; text-align: right">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background: #f4f4f5">
<tr><td align="center" style="padding: 24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="rtl" style="max-width: 600px; background: #ffffff; border-radius: 12px">
<tr><td style="padding: 20px 24px; font-size: 18px; font-weight: bold; color: #1d4ed8">${escapeHtml(blogName)}</td></tr>
<tr><td style="padding: 0 24px 24px; font-size: 16px; line-height: 1.8">
${body}
</td></tr>
<tr><td style="padding: 16px 24px; border-top: 1px solid #e4e4e7; font-size: 13px; line-height: 1.7; color: #52525b">
وصلتك هذه الرسالة لأنك اشتركت في النشرة البريدية لـ${escapeHtml(blogName)}.
<a href="${escapeHtml(unsubscribeUrl)}" style="color: #52525b">إلغاء الاشتراك</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function button(url: string, label: string): string {
  return `<p style="margin: 24px 0"><a href="${escapeHtml(url)}" style="display: inline-block; padding: 12px 24px; background: #1d4ed8; color: #ffffff; border-radius: 8px; text-decoration: none; font-weight: bold">${escapeHtml(label)}</a></p>`;
}

const textFooter = (blogName: string, unsubscribeUrl: string) =>
  `\n\n--\nوصلتك هذه الرسالة لأنك اشتركت في النشرة البريدية لـ${blogName}.\nلإلغاء الاشتراك: ${unsubscribeUrl}\n`;

/** Hours the confirmation link stays valid; said in the mail. */
export const CONFIRM_LINK_HOURS = 48;

/** The first mail to a new address; `digits`: the site's date setting's, for the hours the link stays valid. */
export function confirmationMail(
  to: string,
  blogName: string,
  confirmUrl: string,
  unsubscribeUrl: string,
  digits: DisplayDigits = 'latn',
): Mail {
  const subject = `أكّد اشتراكك في النشرة البريدية لـ${blogName}`;
  const intro = `شكرًا لاشتراكك! لتأكيد اشتراكك في النشرة البريدية افتح الرابط التالي خلال ${formatNumber(CONFIRM_LINK_HOURS, digits)} ساعة.`;
  const ignore = 'إن لم تطلب الاشتراك فتجاهل هذه الرسالة، ولن تصلك منّا رسائل أخرى.';
  return {
    to,
    subject,
    text: `${intro}\n\n${confirmUrl}\n\n${ignore}${textFooter(blogName, unsubscribeUrl)}`,
    html: layout(
      blogName,
      subject,
      `<p style="margin: 0">${escapeHtml(intro)}</p>${button(confirmUrl, 'تأكيد الاشتراك')}<p style="margin: 0; font-size: 14px; color: #52525b">${escapeHtml(ignore)}</p>`,
      unsubscribeUrl,
    ),
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}

/** For a sign-up of an address that is already confirmed: the same answer on the form, and nothing to do. */
export function alreadySubscribedMail(to: string, blogName: string, unsubscribeUrl: string): Mail {
  const subject = `أنت مشترك في النشرة البريدية لـ${blogName}`;
  const body = 'طلب أحدهم (ربما أنت) الاشتراك بهذا البريد في النشرة البريدية، وهو مشترك فيها بالفعل؛ لا حاجة إلى أي إجراء.';
  return {
    to,
    subject,
    text: `${body}${textFooter(blogName, unsubscribeUrl)}`,
    html: layout(blogName, subject, `<p style="margin: 0">${escapeHtml(body)}</p>`, unsubscribeUrl),
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}

/**
 * A post's announcement. The subject is the title alone, which clients show as bare text and guess the direction of:
 * it goes out marked and isolated (titleLeavingPage). The post's part of the body says its language and direction.
 */
export function postMail(to: string, blogName: string, post: NewsletterPost, unsubscribeUrl: string): Mail {
  const direction = languageDirection(post.language);
  const subject = titleLeavingPage(post.title, direction);
  const image = post.imageUrl
    ? `<p style="margin: 0 0 16px"><a href="${escapeHtml(post.url)}"><img src="${escapeHtml(post.imageUrl)}" alt="${escapeHtml(post.title)}" width="552" style="display: block; width: 100%; max-width: 552px; height: auto; border: 0; border-radius: 8px"></a></p>`
    : '';
  const excerpt = post.excerpt ? `<p style="margin: 0; color: #3f3f46">${escapeHtml(post.excerpt)}</p>` : '';
  const textAlign = direction === 'rtl' ? 'right' : 'left';
  const content = post.contentHtml ? `<div style="margin: 16px 0 0">${post.contentHtml}</div>` : '';
  return {
    to,
    subject,
    text: [subject, post.excerpt, `اقرأ المقال: ${post.url}`].filter(Boolean).join('\n\n') + textFooter(blogName, unsubscribeUrl),
    html: layout(
      blogName,
      subject,
      `<div lang="${escapeHtml(post.language)}" dir="${direction}" style="text-align: ${textAlign}">${image}<h1 style="margin: 0 0 12px; font-size: 24px; line-height: 1.5"><a href="${escapeHtml(post.url)}" style="color: #18181b; text-decoration: none">${escapeHtml(post.title)}</a></h1>${excerpt}${content}</div>${button(post.url, 'اقرأ المقال')}`,
      unsubscribeUrl,
    ),
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}

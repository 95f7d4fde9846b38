import { standalonePage } from '../common/standalone-page';
import { escapeHtml } from './newsletter-mails';

/**
 * The page a confirmation or unsubscribe link leads to. Opening a link only asks (`confirm-ask`, `unsubscribe-ask`:
 * a button that POSTs the token), so a mail scanner that follows every link changes nothing; the other outcomes
 * are what a POST did, or the state a link finds when opened again.
 */
export type LinkOutcome = 'confirm-ask' | 'confirmed' | 'confirm-expired' | 'unsubscribe-ask' | 'unsubscribed' | 'invalid';

interface PageText {
  status: number;
  title: string;
  body: string;
  /** The form's button and where it POSTs the token; only the pages that ask have one. */
  action?: { path: string; label: string };
}

const PAGES: Record<LinkOutcome, PageText> = {
  'confirm-ask': {
    status: 200,
    title: 'تأكيد الاشتراك في النشرة البريدية',
    body: 'اضغط الزر لتأكيد اشتراكك، فتصلك المقالات الجديدة على بريدك الإلكتروني.',
    action: { path: '/api/newsletter/confirm', label: 'تأكيد الاشتراك' },
  },
  confirmed: {
    status: 200,
    title: 'تم تأكيد اشتراكك',
    body: 'شكرًا لك! ستصلك المقالات الجديدة على بريدك الإلكتروني. يمكنك إلغاء الاشتراك في أي وقت من الرابط أسفل كل رسالة.',
  },
  'confirm-expired': {
    status: 410,
    title: 'انتهت صلاحية رابط التأكيد',
    body: 'رابط التأكيد صالح 48 ساعة فقط. اشترك مرة أخرى من الصفحة الرئيسية لتصلك رسالة تأكيد جديدة.',
  },
  'unsubscribe-ask': {
    status: 200,
    title: 'إلغاء الاشتراك في النشرة البريدية',
    body: 'اضغط الزر لإلغاء اشتراكك، فلا تصلك رسائل النشرة البريدية بعد ذلك.',
    action: { path: '/api/newsletter/unsubscribe', label: 'إلغاء الاشتراك' },
  },
  unsubscribed: {
    status: 200,
    title: 'تم إلغاء اشتراكك',
    body: 'لن تصلك رسائل النشرة البريدية بعد الآن. يمكنك الاشتراك مجددًا متى شئت من الصفحة الرئيسية.',
  },
  invalid: {
    status: 404,
    title: 'الرابط غير صالح',
    body: 'هذا الرابط غير صحيح أو لم يعد مستخدمًا. تأكد من نسخ الرابط كاملًا من الرسالة.',
  },
};

/**
 * The form of a page that asks: the token travels in the body (the token, not a cookie, is the authority). The page
 * keeps the site's referrer policy: under `no-referrer` a browser sends `Origin: null` with the POST, which the
 * same-origin middleware refuses.
 */
function form(action: { path: string; label: string }, token: string): string {
  return `<form method="post" action="${escapeHtml(action.path)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">${escapeHtml(action.label)}</button>
</form>`;
}

/**
 * The small page a confirmation or unsubscribe link opens: standalone HTML (no script, so it works from any mail
 * client and under the site's Content-Security-Policy), Arabic and right-to-left, light or dark as the reader's system.
 * `token` is the link's, for the form of a page that asks.
 */
export function linkOutcomePage(outcome: LinkOutcome, blogName: string, homeUrl: string, token = ''): { status: number; html: string } {
  const page = PAGES[outcome];
  const html = standalonePage({
    blogName,
    homeUrl,
    title: page.title,
    mark: outcome,
    body: `<p>${escapeHtml(page.body)}</p>\n${page.action ? `${form(page.action, token)}\n` : ''}`,
  });
  return { status: page.status, html };
}

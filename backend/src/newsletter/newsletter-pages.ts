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
  const html = `<!DOCTYPE html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} | ${escapeHtml(blogName)}</title>
<style>
:root { color-scheme: light dark; --bg: #f4f4f5; --card: #ffffff; --fg: #18181b; --muted: #52525b; --link: #1d4ed8;
  --button: #1d4ed8; --button-fg: #ffffff; }
@media (prefers-color-scheme: dark) { :root { --bg: #09090b; --card: #18181b; --fg: #fafafa; --muted: #a1a1aa; --link: #93c5fd;
  --button: #93c5fd; --button-fg: #09090b; } }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--fg);
  font-family: Tahoma, 'Segoe UI', Arial, sans-serif; line-height: 1.8; }
main { box-sizing: border-box; width: min(100% - 2rem, 32rem); padding: 2rem; background: var(--card); border-radius: 1rem; }
h1 { margin: 0 0 0.75rem; font-size: 1.5rem; }
p { margin: 0 0 1.5rem; color: var(--muted); }
a { color: var(--link); font-weight: bold; }
form { margin: 0 0 1.5rem; }
button { box-sizing: border-box; width: 100%; min-height: 3rem; padding: 0.75rem 1.5rem; border: 0; border-radius: 0.5rem;
  background: var(--button); color: var(--button-fg); font: inherit; font-weight: bold; cursor: pointer; }
button:focus-visible { outline: 3px solid var(--fg); outline-offset: 2px; }
</style>
</head>
<body>
<main data-outcome="${outcome}">
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.body)}</p>
${page.action ? `${form(page.action, token)}\n` : ''}<a href="${escapeHtml(homeUrl)}">العودة إلى ${escapeHtml(blogName)}</a>
</main>
</body>
</html>
`;
  return { status: page.status, html };
}

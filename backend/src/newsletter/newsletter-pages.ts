import { escapeHtml } from './newsletter-mails';

/** What a confirmation or unsubscribe link led to; each has its own page and HTTP status. */
export type LinkOutcome = 'confirmed' | 'confirm-expired' | 'unsubscribed' | 'invalid';

const PAGES: Record<LinkOutcome, { status: number; title: string; body: string }> = {
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
 * The small page a confirmation or unsubscribe link opens: standalone HTML (no script, so it works from any mail
 * client and under the site's Content-Security-Policy), Arabic and right-to-left, light or dark as the reader's system.
 */
export function linkOutcomePage(outcome: LinkOutcome, blogName: string, homeUrl: string): { status: number; html: string } {
  const page = PAGES[outcome];
  const html = `<!DOCTYPE html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} | ${escapeHtml(blogName)}</title>
<style>
:root { color-scheme: light dark; --bg: #f4f4f5; --card: #ffffff; --fg: #18181b; --muted: #52525b; --link: #1d4ed8; }
@media (prefers-color-scheme: dark) { :root { --bg: #09090b; --card: #18181b; --fg: #fafafa; --muted: #a1a1aa; --link: #93c5fd; } }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--fg);
  font-family: Tahoma, 'Segoe UI', Arial, sans-serif; line-height: 1.8; }
main { box-sizing: border-box; width: min(100% - 2rem, 32rem); padding: 2rem; background: var(--card); border-radius: 1rem; }
h1 { margin: 0 0 0.75rem; font-size: 1.5rem; }
p { margin: 0 0 1.5rem; color: var(--muted); }
a { color: var(--link); font-weight: bold; }
</style>
</head>
<body>
<main data-outcome="${outcome}">
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.body)}</p>
<a href="${escapeHtml(homeUrl)}">العودة إلى ${escapeHtml(blogName)}</a>
</main>
</body>
</html>
`;
  return { status: page.status, html };
}

import { BLOG_NAME } from '@mudawwana/rules';
import type { Request, Response } from 'express';
import type { RenderUnavailable } from './render-unavailable';

/**
 * The answer when a page cannot be rendered now (RenderUnavailable: too many renders waiting, or one past its
 * deadline): 503 with Retry-After, never cached; a short Arabic page for a browser (standalone HTML, no script),
 * a line of text for anything else (feeds, crawlers).
 */
export function sendBusy(request: Request, response: Response, error: RenderUnavailable): void {
  response.status(503);
  response.setHeader('Retry-After', String(error.retryAfterSeconds));
  response.setHeader('Cache-Control', 'no-store');
  if (!request.accepts('html')) {
    response.type('text/plain').send('503 Service Unavailable: the server is busy, try again shortly.\n');
    return;
  }
  response.type('html').send(`<!DOCTYPE html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>الخادم مشغول | ${BLOG_NAME}</title>
<style>
:root { color-scheme: light dark; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: Tahoma, 'Segoe UI', Arial, sans-serif; line-height: 1.8; }
main { box-sizing: border-box; width: min(100% - 2rem, 32rem); padding: 2rem; }
</style>
</head>
<body>
<main data-busy>
<h1>الخادم مشغول الآن</h1>
<p>تصل إلى المدونة طلبات كثيرة في هذه اللحظة. أعد تحميل الصفحة بعد ثوانٍ قليلة.</p>
<a href="/">العودة إلى الصفحة الرئيسية</a>
</main>
</body>
</html>
`);
}

import { escapeHtml } from '../newsletter/newsletter-mails';

/**
 * A small page the API answers with itself, outside the app (a link from a mail, the comment form's steps without
 * JavaScript): standalone HTML with no script, so it works from any mail client and under the site's
 * Content-Security-Policy, Arabic and right-to-left, light or dark as the reader's system. `body` is HTML already
 * escaped; `mark` names what the page says (a `data-outcome` for tests and styles).
 */
export function standalonePage({
  blogName,
  homeUrl,
  title,
  mark,
  body,
  backLink,
}: {
  blogName: string;
  homeUrl: string;
  title: string;
  mark: string;
  body: string;
  /** Where the page's last link leads and what it says (the blog's home by default). */
  backLink?: { href: string; label: string };
}): string {
  const back = backLink ?? { href: homeUrl, label: `العودة إلى ${blogName}` };
  return `<!DOCTYPE html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(blogName)}</title>
<style>
:root { color-scheme: light dark; --bg: #f4f4f5; --card: #ffffff; --fg: #18181b; --muted: #52525b; --link: #1d4ed8;
  --button: #1d4ed8; --button-fg: #ffffff; --field: #ffffff; --border: #a1a1aa; --error: #b91c1c; }
@media (prefers-color-scheme: dark) { :root { --bg: #09090b; --card: #18181b; --fg: #fafafa; --muted: #a1a1aa; --link: #93c5fd;
  --button: #93c5fd; --button-fg: #09090b; --field: #27272a; --border: #71717a; --error: #fca5a5; } }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--fg);
  font-family: Tahoma, 'Segoe UI', Arial, sans-serif; line-height: 1.8; }
main { box-sizing: border-box; width: min(100% - 2rem, 32rem); padding: 2rem; background: var(--card); border-radius: 1rem; }
h1 { margin: 0 0 0.75rem; font-size: 1.5rem; }
p { margin: 0 0 1.5rem; color: var(--muted); }
a { color: var(--link); font-weight: bold; }
form { margin: 0 0 1.5rem; }
label { display: block; margin: 0 0 0.25rem; font-weight: bold; }
input[type=text], textarea { box-sizing: border-box; width: 100%; margin: 0 0 1rem; padding: 0.5rem 0.75rem; border: 1px solid var(--border);
  border-radius: 0.5rem; background: var(--field); color: var(--fg); font: inherit; }
blockquote { margin: 0 0 1.5rem; padding: 0.5rem 1rem; border-inline-start: 4px solid var(--border); color: var(--muted); white-space: pre-wrap; }
.error { color: var(--error); font-weight: bold; }
button { box-sizing: border-box; width: 100%; min-height: 3rem; padding: 0.75rem 1.5rem; border: 0; border-radius: 0.5rem;
  background: var(--button); color: var(--button-fg); font: inherit; font-weight: bold; cursor: pointer; }
button:focus-visible, input:focus-visible, textarea:focus-visible { outline: 3px solid var(--fg); outline-offset: 2px; }
</style>
</head>
<body>
<main data-outcome="${escapeHtml(mark)}">
<h1>${escapeHtml(title)}</h1>
${body}<a href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a>
</main>
</body>
</html>
`;
}

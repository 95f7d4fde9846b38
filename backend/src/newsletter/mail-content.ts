import { formulasAsTex } from '../common/formulas';
import { rewriteContentUrls } from '../common/content-urls';

/**
 * A post's stored HTML made fit for a mail: addresses absolute (a mail has no base), footnote links to the post's
 * page with the note's fragment (Gmail and Outlook drop or rename ids, so a link within the mail would lead nowhere;
 * the page always has the note), and each formula as its TeX source in left-to-right code, since most mail clients
 * show no MathML (Gmail strips it).
 */
export function mailContentHtml(content: string, postUrl: string, absolute: (pathOrUrl: string) => string): string {
  return rewriteContentUrls(formulasAsTex(content), (url) => {
    if (url.startsWith('#')) return `${postUrl}${url}`;
    if (url.startsWith('/') && !url.startsWith('//')) return absolute(url);
    return url;
  });
}

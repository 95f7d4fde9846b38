import type { ImportPlatform } from './import-model';
import { bloggerLayout } from './html/blogger-layout';
import { elementsWhere, parseHtml, removeComments, serializeHtml } from './html/dom';
import { ghostCards } from './html/ghost-cards';
import { wpautop } from './html/paragraphs';
import { embedYoutubeLines, expandShortcodes, type AttachmentLookup } from './html/shortcodes';
import { tidy } from './html/tidy';

export type NativeHtmlOptions = AttachmentLookup;

/** Content written with the block editor carries its blocks as comments; WordPress does not run wpautop() on it. */
const BLOCK_COMMENT = /<!--\s*wp:/;
/** Old Blogger posts written with «convert line breaks» on keep plain newlines and no markup of their own. */
const HAS_LAYOUT = /<(?:p|div|br|h[1-6]|ul|ol|table|blockquote|pre)\b/i;

/**
 * An entry's content as the old platform stored it, made into the HTML this blog's editor writes (see html/tidy.ts):
 * WordPress's shortcodes ([caption], [gallery], [embed], [youtube], [code]) and auto-embedded YouTube lines expanded,
 * its classic content given paragraphs as wpautop() would, its block comments dropped; Blogger's «<br />» paragraphs
 * and picture wrappers; Ghost's cards. Image addresses are left as they are: see contentImageUrls and replaceImageUrls.
 * The result is meant for sanitizeContent, which it passes unchanged but for style values and characters the editor
 * would not write either.
 */
export function nativeHtml(platform: ImportPlatform, html: string, options: NativeHtmlOptions = {}): string {
  let source = html;
  if (platform === 'wordpress') source = embedYoutubeLines(expandShortcodes(html, options));
  const document = parseHtml(source);
  removeComments(document);
  if (platform === 'wordpress' && !BLOCK_COMMENT.test(html)) wpautop(document);
  if (platform === 'blogger') {
    if (HAS_LAYOUT.test(html)) bloggerLayout(document);
    else wpautop(document);
  }
  if (platform === 'ghost') ghostCards(document);
  tidy(document);
  return serializeHtml(document).trim();
}

/** The address of every picture in the content (the src of each <img>, absolute or relative, not data:), in order, once. */
export function contentImageUrls(html: string): string[] {
  const sources = elementsWhere(parseHtml(html), (node) => node.name === 'img').map((image) => (image.attribs.src ?? '').trim());
  return [...new Set(sources.filter((src) => src !== '' && !/^data:/i.test(src)))];
}

/** «a.jpg 300w, b.jpg 2x» with the addresses of the map replaced, descriptors kept. */
function replaceInSrcset(srcset: string, map: ReadonlyMap<string, string>): string {
  return srcset
    .split(',')
    .map((candidate) => {
      const [url, ...descriptors] = candidate.trim().split(/\s+/);
      return [map.get(url) ?? url, ...descriptors].join(' ');
    })
    .join(', ');
}

/**
 * The content with its pictures moved: each <img> whose src is a key of the map gets the new address, in src and in
 * srcset, and so does a link that pointed at a replaced picture (WordPress and Blogger link a picture to its full-size
 * file).
 */
export function replaceImageUrls(html: string, map: ReadonlyMap<string, string>): string {
  const document = parseHtml(html);
  for (const node of elementsWhere(document, (candidate) => candidate.name === 'img' || candidate.name === 'a')) {
    const attributes = node.attribs;
    if (node.name === 'a') {
      const target = map.get((attributes.href ?? '').trim());
      if (target) attributes.href = target;
      continue;
    }
    const src = map.get((attributes.src ?? '').trim());
    if (src) attributes.src = src;
    if (attributes.srcset) attributes.srcset = replaceInSrcset(attributes.srcset, map);
  }
  return serializeHtml(document);
}

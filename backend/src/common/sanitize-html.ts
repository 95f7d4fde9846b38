import sanitize from 'sanitize-html';
import {
  FOOTNOTE_CLASSES,
  FOOTNOTE_ITEM,
  FOOTNOTE_ITEM_ATTRIBUTES,
  FOOTNOTE_LINK,
  FOOTNOTE_LINK_ATTRIBUTES,
  FOOTNOTE_SECTION,
  FOOTNOTE_SECTION_ATTRIBUTES,
  FORMULA_ATTRIBUTES,
  FORMULA_CLASSES,
  keepFootnoteIds,
  MATH_ATTRIBUTES,
  MATH_CLASSES,
  MATH_TAGS,
  mathStyles,
} from './sanitize-math-footnotes';

const BLOCK_STYLES = {
  'text-align': [/^(left|right|center|justify|start|end)$/],
  direction: [/^(rtl|ltr)$/],
  'margin-right': [/^\d{1,3}(\.\d+)?(px|em|rem)$/],
  'margin-left': [/^\d{1,3}(\.\d+)?(px|em|rem)$/],
  'padding-right': [/^\d{1,3}(\.\d+)?(px|em|rem)$/],
  'padding-left': [/^\d{1,3}(\.\d+)?(px|em|rem)$/],
  'margin-inline-start': [/^\d{1,3}(\.\d+)?(px|em|rem)$/],
};
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+))?\s*\)$/i, /^[a-z]{3,20}$/i];
const TEXT_STYLES = { color: COLOR, 'background-color': COLOR };

const BLOCKS = ['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'li', 'ul', 'ol', 'pre', 'td', 'th', 'figure'];
const YOUTUBE_HOSTS = ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'youtube-nocookie.com'];

/**
 * The allow-list for post and page HTML: everything the editor produces (headings, lists, sub/sup,
 * colours, alignment, indentation, `dir`, links, images, YouTube embeds, tables, code with its language
 * class, footnotes, formulas as MathML: sanitize-math-footnotes.ts) and nothing that runs: no scripts, no event
 * handlers, no javascript: or data: URLs, no other iframes.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    ...BLOCKS,
    'br',
    'hr',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'ins',
    'mark',
    'sub',
    'sup',
    'code',
    'kbd',
    'a',
    'img',
    'iframe',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'colgroup',
    'col',
    'caption',
    'figcaption',
    'section',
    ...MATH_TAGS,
  ],
  allowedAttributes: {
    '*': ['dir', 'style', 'data-indent'],
    a: ['href', 'title', 'target', 'rel', ...FOOTNOTE_LINK_ATTRIBUTES],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'frameborder', 'allow', 'title'],
    code: ['class'],
    pre: ['class'],
    span: FORMULA_ATTRIBUTES,
    div: ['data-youtube-video', ...FORMULA_ATTRIBUTES],
    section: FOOTNOTE_SECTION_ATTRIBUTES,
    li: FOOTNOTE_ITEM_ATTRIBUTES,
    th: ['colspan', 'rowspan', 'colwidth'],
    td: ['colspan', 'rowspan', 'colwidth'],
    col: ['span', 'style'],
    ol: ['start', 'type'],
    ...MATH_ATTRIBUTES,
  },
  allowedClasses: {
    code: [/^language-[\w+#-]+$/],
    pre: [/^language-[\w+#-]+$/],
    span: [/^hljs(-[\w-]+)?$/, ...FORMULA_CLASSES.span],
    div: FORMULA_CLASSES.div,
    ...FOOTNOTE_CLASSES,
    ...MATH_CLASSES,
  },
  allowedStyles: {
    '*': TEXT_STYLES,
    ...Object.fromEntries(BLOCKS.map((tag) => [tag, { ...BLOCK_STYLES, ...TEXT_STYLES }])),
    col: { width: [/^\d{1,4}px$/], 'min-width': [/^\d{1,4}px$/] },
    ...mathStyles(TEXT_STYLES),
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: YOUTUBE_HOSTS,
  allowIframeRelativeUrls: false,
  transformTags: {
    // Links that may open elsewhere must not get a handle on this window. Every target, not only "_blank": a named
    // window ("preview"), "_new" or "_BLANK" opens one too, and the guard costs nothing on "_self".
    a: (tagName, attribs) => {
      const kept = keepFootnoteIds(attribs, FOOTNOTE_LINK);
      return { tagName, attribs: 'target' in kept ? { ...kept, rel: 'noopener noreferrer nofollow' } : kept };
    },
    li: (tagName, attribs) => ({ tagName, attribs: keepFootnoteIds(attribs, FOOTNOTE_ITEM) }),
    section: (tagName, attribs) => ({ tagName, attribs: keepFootnoteIds(attribs, FOOTNOTE_SECTION) }),
  },
  exclusiveFilter: (frame) =>
    frame.tag === 'iframe' && !/^https:\/\/(www\.)?youtube(-nocookie)?\.com\/embed\//.test(frame.attribs.src ?? ''),
};

export function sanitizeContent(html: string): string {
  return sanitize(html, OPTIONS).trim();
}

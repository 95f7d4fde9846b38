import { textContent } from 'domutils';
import {
  appendChild,
  element,
  elementsWhere,
  insertBefore,
  isBlank,
  isElement,
  isText,
  removeElement,
  replaceWith,
  text,
  unwrap,
  type ChildNode,
  type Element,
  type ParentNode,
} from './dom';
import { youtubeEmbed, youtubeId } from './youtube';

/**
 * The last step for every platform: the HTML made into what this blog's editor (Tiptap) writes itself, so that an
 * imported post opens in the editor as it looks on the page and passes the sanitiser (common/sanitize-html.ts) as it
 * is: YouTube as the editor's embed, code blocks as <pre dir="ltr"><code class="language-…">, a captioned picture as
 * <figure><img><figcaption> (the page styles it; the editor, which has no figure, keeps the picture and the caption
 * as a paragraph), wrappers of other platforms' layouts dropped, and only the attributes the editor writes.
 */
export function tidy(root: ParentNode): void {
  embedIframes(root);
  embedVideoParagraphs(root);
  normaliseFigures(root);
  normaliseCode(root);
  renameInline(root);
  flattenWrappers(root);
  hoistBlocksOutOfParagraphs(root);
  dropEmptyParagraphs(root);
  keepEditorAttributes(root);
  paragraphLooseText(root);
}

const BLOCKS = new Set(['blockquote', 'div', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'ol', 'p', 'pre', 'table', 'ul']);
/** Elements in which inline content is already in a paragraph-like place. */
const TEXT_HOLDERS = new Set(['a', 'caption', 'dd', 'dt', 'figcaption', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'p', 'td', 'th']);
/** Layout wrappers of other platforms (Gutenberg columns, Blogger's divs, Ghost's cards): their content stays. */
const WRAPPERS = new Set(['article', 'aside', 'center', 'div', 'footer', 'header', 'main', 'nav', 'section']);

function isYoutubeEmbed(node: ChildNode): boolean {
  return isElement(node, 'div') && node.attribs['data-youtube-video'] !== undefined;
}

function inTextHolder(node: ChildNode): boolean {
  for (let parent = node.parent; parent && isElement(parent); parent = parent.parent) {
    if (TEXT_HOLDERS.has(parent.name)) return true;
  }
  return false;
}

/** Inline content put where a block stands gets a paragraph of its own. */
function asBlock(nodes: ChildNode[], where: ChildNode): ChildNode[] {
  return inTextHolder(where) ? nodes : [element('p', {}, nodes)];
}

/** YouTube iframes become the editor's embed; any other iframe (which the sanitiser drops) a link to what it showed. */
function embedIframes(root: ParentNode): void {
  for (const iframe of elementsWhere(root, (node) => node.name === 'iframe')) {
    const src = iframe.attribs.src ?? '';
    const id = youtubeId(src);
    const target = iframe.parent && isYoutubeEmbed(iframe.parent as ChildNode) ? (iframe.parent as Element) : iframe;
    if (id) replaceWith(target, [youtubeEmbed(id)]);
    else if (/^https?:\/\//.test(src)) replaceWith(target, asBlock([element('a', { href: src }, [text(src)])], target));
    else removeElement(target);
  }
}

/** A paragraph holding nothing but a YouTube address (or a link to one) is a video, as WordPress and Ghost show it. */
function embedVideoParagraphs(root: ParentNode): void {
  for (const paragraph of elementsWhere(root, (node) => node.name === 'p')) {
    const content = paragraph.children.filter((node) => !(isText(node) && node.data.trim() === ''));
    if (content.length !== 1) continue;
    const only = content[0];
    const address = isText(only) ? only.data.trim() : isElement(only, 'a') ? (only.attribs.href ?? '') : '';
    const id = address === textContent(only).trim() ? youtubeId(address) : null;
    if (id && /^https?:\/\/\S+$/.test(address)) replaceWith(paragraph, [youtubeEmbed(id)]);
  }
}

/**
 * Figures as the editor's pictures: one picture with a caption stays a figure (img + figcaption), a picture without
 * one is a plain image, several pictures (a gallery) are images one after another with their caption as a paragraph,
 * and figures of anything else (a table, a quote, an embed) give way to their content.
 */
function normaliseFigures(root: ParentNode): void {
  for (const figure of elementsWhere(root, (node) => node.name === 'figure').reverse()) {
    const nested = elementsWhere(figure, (node) => node.name === 'figure').length > 0;
    // A gallery's own caption is its child; the pictures' captions are their figures'.
    const caption =
      figure.children.find((node): node is Element => isElement(node, 'figcaption')) ??
      (nested ? undefined : elementsWhere(figure, (node) => node.name === 'figcaption')[0]);
    const images = elementsWhere(figure, (node) => node.name === 'img');
    const captionNodes = caption && !isBlank(caption.children) ? [...caption.children] : [];
    if (nested || images.length === 0 || elementsWhere(figure, (node) => isYoutubeEmbed(node)).length > 0) {
      if (caption) replaceWith(caption, captionNodes.length > 0 ? [element('p', {}, captionNodes)] : []);
      unwrap(figure);
    } else if (images.length === 1 && captionNodes.length > 0) {
      replaceWith(figure, [element('figure', {}, [images[0], element('figcaption', {}, captionNodes)])]);
    } else {
      replaceWith(figure, [...images, ...(captionNodes.length > 0 ? [element('p', {}, captionNodes)] : [])]);
    }
  }
}

/** The language of a code block, from the classes that Prism, highlight.js, SyntaxHighlighter and Ghost write. */
function languageOf(...nodes: (Element | undefined)[]): string | null {
  for (const node of nodes) {
    const classes = node?.attribs.class ?? '';
    const match = /(?:^|\s)(?:language|lang)-([\w+#-]+)/.exec(classes) ?? /brush:\s*([\w+#-]+)/.exec(classes);
    if (match) return match[1].toLowerCase();
  }
  return null;
}

/** Code blocks as the editor's: <pre dir="ltr"><code class="language-…">plain text</code></pre>. */
function normaliseCode(root: ParentNode): void {
  for (const pre of elementsWhere(root, (node) => node.name === 'pre')) {
    const codes = pre.children.filter((node) => isElement(node, 'code'));
    const code =
      codes.length === 1 && pre.children.every((node) => node === codes[0] || isBlank([node])) ? (codes[0] as Element) : undefined;
    const language = languageOf(code, pre);
    for (const br of elementsWhere(pre, (node) => node.name === 'br')) replaceWith(br, [text('\n')]);
    // Highlighting markup is the page's business: the editor's code block holds text.
    const source = textContent(code ?? pre);
    for (const node of [...pre.children]) removeElement(node);
    pre.attribs = { dir: 'ltr' };
    appendChild(pre, element('code', language ? { class: `language-${language}` } : {}, [text(source)]));
  }
}

/** <b> and <i> as the editor writes them; <font> (old Blogger) keeps only its text. */
function renameInline(root: ParentNode): void {
  for (const node of elementsWhere(root, (candidate) => ['b', 'i', 'font'].includes(candidate.name))) {
    if (node.name === 'font') unwrap(node);
    else node.name = node.name === 'b' ? 'strong' : 'em';
  }
}

function isPictureOnly(nodes: ChildNode[]): boolean {
  return nodes.every(
    (node) =>
      isBlank([node]) ||
      (isElement(node) &&
        (node.name === 'img' ||
          node.name === 'br' ||
          (node.name === 'a' && node.children.every((inner) => isElement(inner, 'img') || isBlank([inner]))))),
  );
}

/**
 * Layout wrappers give way to their content: a wrapper of blocks is dropped, a wrapper of text becomes a paragraph
 * (with its direction and alignment), an empty one goes. Innermost first, so nested wrappers flatten.
 */
function flattenWrappers(root: ParentNode): void {
  for (const wrapper of elementsWhere(root, (node) => WRAPPERS.has(node.name) && !isYoutubeEmbed(node)).reverse()) {
    if (isBlank(wrapper.children)) removeElement(wrapper);
    else if (wrapper.children.some((node) => isElement(node) && BLOCKS.has(node.name))) unwrap(wrapper);
    else if (inTextHolder(wrapper) || isPictureOnly(wrapper.children)) unwrap(wrapper);
    else {
      wrapper.name = 'p';
      wrapper.attribs = Object.fromEntries(Object.entries(wrapper.attribs).filter(([name]) => name === 'dir' || name === 'style'));
    }
  }
}

/** A block inside a paragraph (an embed or a figure where a shortcode stood) splits it: HTML has no such nesting. */
function hoistBlocksOutOfParagraphs(root: ParentNode): void {
  for (const paragraph of elementsWhere(root, (node) => node.name === 'p').reverse()) {
    if (!paragraph.children.some((node) => isElement(node) && BLOCKS.has(node.name))) continue;
    const pieces: ChildNode[] = [];
    let inline: ChildNode[] = [];
    const flush = () => {
      if (!isBlank(inline)) pieces.push(element('p', { ...paragraph.attribs }, inline));
      inline = [];
    };
    for (const node of [...paragraph.children]) {
      if (isElement(node) && BLOCKS.has(node.name)) {
        flush();
        pieces.push(node);
      } else {
        inline.push(node);
      }
    }
    flush();
    replaceWith(paragraph, pieces);
  }
}

/** Paragraphs with nothing in them (WordPress's «<p>&nbsp;</p>» spacers) go. */
function dropEmptyParagraphs(root: ParentNode): void {
  for (const paragraph of elementsWhere(root, (node) => node.name === 'p')) {
    if (paragraph.children.every((node) => isBlank([node]) || isElement(node, 'br'))) removeElement(paragraph);
  }
}

/**
 * Text left at the top level between blocks (where the HTML parser closed a paragraph before a figure, say) goes into
 * a paragraph, as the editor would put it; whitespace there is only the old editor's line breaks and goes.
 */
function paragraphLooseText(root: ParentNode): void {
  let loose: ChildNode[] = [];
  const flush = (before: ChildNode | null) => {
    if (!isBlank(loose)) {
      const [first, last] = [loose[0], loose[loose.length - 1]];
      if (isText(first)) first.data = first.data.trimStart();
      if (isText(last)) last.data = last.data.trimEnd();
      const paragraph = element('p');
      if (before) insertBefore(before, paragraph);
      else appendChild(root, paragraph);
      for (const node of loose) appendChild(paragraph, node);
    }
    for (const node of loose) if (node.parent === root) removeElement(node);
    loose = [];
  };
  for (const node of [...root.children]) {
    // The editor's pictures are blocks of their own.
    if (isElement(node) && (BLOCKS.has(node.name) || node.name === 'img')) flush(node);
    else loose.push(node);
  }
  flush(null);
}

/** The attributes the editor writes, by element (every element: dir, style, data-indent). */
const EDITOR_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  iframe: ['width', 'height', 'allowfullscreen', 'src'],
  div: ['data-youtube-video'],
  pre: [],
  code: ['class'],
  td: ['colspan', 'rowspan', 'colwidth'],
  th: ['colspan', 'rowspan', 'colwidth'],
  ol: ['start', 'type'],
  col: ['span'],
};
const EVERY_ELEMENT = ['dir', 'style', 'data-indent'];
/** Style properties the editor sets (alignment, direction, indentation, colours); others are the old theme's. */
const EDITOR_STYLES = new Set([
  'text-align',
  'direction',
  'margin-right',
  'margin-left',
  'padding-right',
  'padding-left',
  'margin-inline-start',
  'color',
  'background-color',
]);

function editorStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => declaration.trim())
    .filter((declaration) => EDITOR_STYLES.has(declaration.split(':')[0].trim().toLowerCase()))
    .join('; ');
}

function keepEditorAttributes(root: ParentNode): void {
  for (const node of elementsWhere(root, () => true)) {
    const allowed = [...EVERY_ELEMENT, ...(EDITOR_ATTRIBUTES[node.name] ?? [])];
    const kept: Record<string, string> = {};
    for (const [name, value] of Object.entries(node.attribs)) {
      if (!allowed.includes(name)) continue;
      if (name === 'style') {
        const style = editorStyle(value);
        if (style) kept.style = style;
      } else if (name === 'alt' && value.trim() === '') {
        continue; // the editor leaves an image without a description without alt
      } else {
        kept[name] = value;
      }
    }
    if (node.name === 'code' && kept.class !== undefined) {
      const language = /(?:^|\s)(language-[\w+#-]+)/.exec(kept.class)?.[1];
      if (language) kept.class = language;
      else delete kept.class;
    }
    node.attribs = kept;
    if (node.name === 'span' && Object.keys(kept).length === 0) unwrap(node);
  }
}

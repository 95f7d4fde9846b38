import { uniqueHeadingIds } from '@mudawwana/rules';
import render from 'dom-serializer';
import { Element, Text, type AnyNode } from 'domhandler';
import { appendChild, existsOne, findAll, prepend, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { highlightCode } from './code-highlight';

/** A heading readers can link to: its level (2-4), its id and its text (the table of contents). */
export interface ArticleHeading {
  level: number;
  id: string;
  text: string;
}

/** A post's or page's stored HTML prepared for reading, and its linkable headings in order. */
export interface ArticleHtml {
  html: string;
  headings: ArticleHeading[];
}

const LINKED_HEADINGS = new Set(['h2', 'h3', 'h4']);
const HEADINGS = /^h[1-6]$/;
/** The accessible name of a heading's own link (its visible text is only '#'). */
const HEADING_LINK_LABEL = 'رابط القسم';

const isElement = (node: AnyNode): node is Element => node instanceof Element;

/** Written as sanitize-html writes (characters as themselves, void elements closed), so the markup stays one style. */
const serialize = (nodes: AnyNode[]) => render(nodes, { encodeEntities: 'utf8', selfClosingTags: true });

/**
 * Each h2–h4 gets an id made from its text (unique in the document, never one another element has), and sits in a
 * wrapper with a '#' link to itself that the page shows on hover and focus. Any other id on a heading is dropped:
 * only the ids made here are ever on a heading, whatever was pasted or imported.
 */
function linkHeadings(nodes: AnyNode[]): ArticleHeading[] {
  const all = findAll((node) => HEADINGS.test(node.name), nodes);
  for (const heading of all) delete heading.attribs.id;
  const linked = all.filter((heading) => LINKED_HEADINGS.has(heading.name));
  const texts = linked.map((heading) => textContent(heading).replace(/\s+/g, ' ').trim());
  const taken = findAll((node) => node.attribs.id !== undefined, nodes).map((node) => node.attribs.id);
  const ids = uniqueHeadingIds(texts, taken);
  return linked.map((heading, index) => {
    const id = ids[index];
    heading.attribs.id = id;
    const link = new Element('a', { class: 'heading-link', href: `#${id}`, 'aria-label': `${HEADING_LINK_LABEL}: ${texts[index]}` }, [
      new Text('#'),
    ]);
    const wrapper = new Element('div', { class: 'heading-anchor' });
    prepend(heading, wrapper);
    appendChild(wrapper, heading);
    appendChild(wrapper, link);
    return { level: Number(heading.name[1]), id, text: texts[index] };
  });
}

/**
 * Each `<pre><code>` block highlighted by its `language-…` class: left-to-right, focusable (a wide block scrolls
 * inside itself, by keyboard too) and labelled with its language.
 */
function highlightCodeBlocks(nodes: AnyNode[]): void {
  const blocks = findAll((node) => node.name === 'pre', nodes);
  for (const pre of blocks) {
    const code = pre.children.find((child): child is Element => isElement(child) && child.name === 'code');
    if (!code) continue;
    const named = /(?:^|\s)language-([\w+#-]+)/i.exec(code.attribs.class ?? '')?.[1];
    const source = textContent(code.children.map((child) => (isElement(child) && child.name === 'br' ? new Text('\n') : child)));
    const { html, language } = highlightCode(source, named);
    const highlighted = new Element('code', { class: `hljs language-${language}` });
    for (const token of [...parseDocument(html).children]) appendChild(highlighted, token);
    pre.attribs = { dir: 'ltr', tabindex: '0', 'data-language': language };
    pre.children = [];
    appendChild(pre, highlighted);
  }
}

/**
 * What a render costs is mostly highlighting (a few ms for a block of 30 lines, more when its language is guessed),
 * paid once per content: the page store renders a page once per change, and the API's reads by slug (a reader's
 * navigation after hydration) take the prepared copy. Bounded by the characters kept (about 8 MB of strings).
 */
const prepared = new LRUCache<string, ArticleHtml>({ maxSize: 4_000_000, sizeCalculation: (article) => article.html.length + 1 });

/**
 * Stored (sanitised) HTML as readers get it (docs/decisions/029): linkable headings and highlighted code. Made when
 * a post or page is read for showing, so every stored page, old posts included, has them without a data migration,
 * while the stored content stays what the author wrote (the editor and revisions never see the additions).
 */
export function articleHtml(content: string): ArticleHtml {
  const key = createHash('sha256').update(content).digest('base64');
  let article = prepared.get(key);
  if (!article) {
    article = prepareArticle(content);
    prepared.set(key, article);
  }
  return article;
}

function prepareArticle(content: string): ArticleHtml {
  const document = parseDocument(content);
  const nodes = document.children;
  const headings = linkHeadings(nodes);
  if (existsOne((node) => node.name === 'pre', nodes)) highlightCodeBlocks(nodes);
  return { html: serialize(document.children), headings };
}

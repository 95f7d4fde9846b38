import { element, serializeHtml, text, type ChildNode, type Element } from '../html/dom';

/**
 * HTML for a Ghost post exported without its `html` (an export made by a tool rather than Ghost itself): the text of
 * its Lexical (Ghost 5) or Mobiledoc (Ghost 1-4) document, as paragraphs, headings, quotes, lists, pictures and code.
 * Formatting inside a paragraph (bold, links) and cards other than pictures, code and raw HTML are not rebuilt.
 */

interface LexicalNode {
  type?: string;
  text?: string;
  tag?: string;
  listType?: string;
  src?: string;
  alt?: string;
  caption?: string;
  code?: string;
  language?: string;
  html?: string;
  url?: string;
  children?: LexicalNode[];
}

const HEADING = /^h[1-6]$/;

function lexicalInline(nodes: LexicalNode[] = []): ChildNode[] {
  return nodes.flatMap((node): ChildNode[] => {
    if (node.type === 'linebreak') return [element('br')];
    if (node.type === 'link' && node.url) return [element('a', { href: node.url }, lexicalInline(node.children))];
    if (typeof node.text === 'string') return [text(node.text)];
    return lexicalInline(node.children);
  });
}

function lexicalBlock(node: LexicalNode): Element[] {
  switch (node.type) {
    case 'heading':
      return [element(HEADING.test(node.tag ?? '') ? node.tag! : 'h2', {}, lexicalInline(node.children))];
    case 'quote':
    case 'aside':
      return [element('blockquote', {}, [element('p', {}, lexicalInline(node.children))])];
    case 'list':
      return [
        element(
          node.listType === 'number' ? 'ol' : 'ul',
          {},
          (node.children ?? []).map((item) => element('li', {}, lexicalInline(item.children))),
        ),
      ];
    case 'image':
      return node.src ? [element('img', { src: node.src, ...(node.alt ? { alt: node.alt } : {}) })] : [];
    case 'codeblock':
      return [element('pre', {}, [element('code', node.language ? { class: `language-${node.language}` } : {}, [text(node.code ?? '')])])];
    case 'horizontalrule':
      return [element('hr')];
    default: {
      const inline = lexicalInline(node.children);
      return inline.length > 0 ? [element('p', {}, inline)] : [];
    }
  }
}

/** Ghost 5's Lexical document (a JSON string) as HTML; '' when it cannot be read. */
export function lexicalHtml(lexical: string): string {
  try {
    const document = JSON.parse(lexical) as { root?: LexicalNode };
    const blocks: string[] = [];
    for (const node of document.root?.children ?? []) {
      // An HTML card holds HTML: it goes in as it is (the sanitiser has the last word).
      if (node.type === 'html' && node.html) blocks.push(node.html);
      else blocks.push(serializeHtml(lexicalBlock(node)));
    }
    return blocks.join('');
  } catch {
    return '';
  }
}

type MobiledocMarker = [number, number[], number, string | number];
type MobiledocSection = [number, ...unknown[]];
interface Mobiledoc {
  cards?: [string, Record<string, unknown>][];
  sections?: MobiledocSection[];
}

function markerText(markers: unknown): ChildNode[] {
  return ((markers as MobiledocMarker[]) ?? []).flatMap((marker) => (typeof marker[3] === 'string' ? [text(marker[3])] : []));
}

function mobiledocCard(card: [string, Record<string, unknown>] | undefined): string {
  if (!card) return '';
  const [name, payload] = card;
  if (name === 'image' && typeof payload.src === 'string') return serializeHtml(element('img', { src: payload.src }));
  if (name === 'html' && typeof payload.html === 'string') return payload.html;
  if (name === 'code' && typeof payload.code === 'string')
    return serializeHtml(element('pre', {}, [element('code', {}, [text(payload.code)])]));
  if (name === 'markdown' && typeof payload.markdown === 'string') {
    return payload.markdown
      .split(/\n\s*\n/)
      .map((paragraph) => serializeHtml(element('p', {}, [text(paragraph.trim())])))
      .join('');
  }
  return '';
}

/** Ghost 1-4's Mobiledoc document (a JSON string) as HTML; '' when it cannot be read. */
export function mobiledocHtml(mobiledoc: string): string {
  try {
    const document = JSON.parse(mobiledoc) as Mobiledoc;
    return (document.sections ?? [])
      .map(([type, ...rest]) => {
        if (type === 1) {
          const [tag, markers] = rest as [string, unknown];
          const name = /^(p|h[1-6]|blockquote)$/i.test(tag) ? tag.toLowerCase() : 'p';
          return serializeHtml(element(name, {}, markerText(markers)));
        }
        if (type === 3) {
          const [tag, items] = rest as [string, unknown[]];
          return serializeHtml(
            element(
              tag === 'ol' ? 'ol' : 'ul',
              {},
              (items ?? []).map((item) => element('li', {}, markerText(item))),
            ),
          );
        }
        if (type === 10) return mobiledocCard(document.cards?.[rest[0] as number]);
        return '';
      })
      .join('');
  } catch {
    return '';
  }
}

import {
  element,
  insertBefore,
  isBlank,
  isElement,
  isText,
  removeElement,
  replaceWith,
  text,
  type ChildNode,
  type Element,
  type ParentNode,
} from './dom';

/**
 * Paragraphs for HTML that was written without them: WordPress's classic editor stores blank lines where paragraphs
 * go and shows them through wpautop(); old Blogger posts separate paragraphs with «<br /><br />». The same walk serves
 * both: inline content between blocks is cut where a paragraph ends and each piece becomes a <p>.
 */

/** Elements that stand on their own line (WordPress's list of blocks for wpautop, and a few of HTML5's). */
const BLOCKS = new Set([
  ...['address', 'article', 'aside', 'blockquote', 'caption', 'col', 'colgroup', 'dd', 'details', 'div', 'dl', 'dt'],
  ...['fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr'],
  ...['legend', 'li', 'main', 'menu', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th'],
  ...['thead', 'tr', 'ul', 'style', 'script', 'math', 'svg', 'textarea'],
]);
/** Blocks that hold a mix of text and blocks: their loose text gets paragraphs too. */
const FLOW = new Set([
  ...['article', 'aside', 'blockquote', 'dd', 'details', 'div', 'fieldset', 'footer', 'form', 'header'],
  ...['li', 'main', 'nav', 'section', 'td', 'th'],
]);
/** Blocks that hold only text: line breaks, no paragraphs. */
const TEXT_BLOCKS = new Set(['address', 'caption', 'dt', 'figcaption', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'legend', 'p', 'summary']);
/** Left exactly as written. */
const VERBATIM = new Set(['pre', 'script', 'style', 'textarea', 'svg', 'math']);

type Mode = 'newlines' | 'breaks';

const BLANK_LINE = /\n[ \t]*\n\s*/;

function isBlock(node: ChildNode): boolean {
  return isElement(node) && BLOCKS.has(node.name);
}

/** WordPress's wpautop() on a parsed document: blank lines end paragraphs, single newlines become <br />. */
export function wpautop(root: ParentNode): void {
  arrange(root, 'newlines', true);
}

/** Paragraphs where «<br><br>» (two or more breaks in a row) separates them; single breaks stay. */
export function paragraphsFromBreaks(root: ParentNode): void {
  arrange(root, 'breaks', true);
}

function arrange(container: ParentNode, mode: Mode, alwaysWrap: boolean): void {
  const runs: ChildNode[][] = [];
  let run: ChildNode[] = [];
  let hasBlocks = false;
  for (const node of [...container.children]) {
    if (isBlock(node)) {
      hasBlocks = true;
      runs.push(run);
      run = [];
      arrangeBlock(node as Element, mode);
    } else {
      run.push(node);
    }
  }
  runs.push(run);
  const pieces = runs.map((nodes) => splitRun(nodes, mode));
  const wrap = alwaysWrap || hasBlocks || pieces.some((paragraphs) => paragraphs.length > 1);
  runs.forEach((nodes, index) => {
    if (nodes.length === 0) return;
    if (wrap) wrapParagraphs(nodes, pieces[index], mode);
    else keepInline(nodes, mode);
  });
}

function arrangeBlock(block: Element, mode: Mode): void {
  if (VERBATIM.has(block.name)) return;
  if (FLOW.has(block.name)) return arrange(block, mode, block.name === 'blockquote');
  if (TEXT_BLOCKS.has(block.name)) {
    trimWhitespace(block.children);
    if (mode === 'newlines') breakLines(block.children);
    return;
  }
  // Lists, tables, figures: their blocks are handled one by one.
  for (const node of block.children) if (isBlock(node)) arrangeBlock(node as Element, mode);
}

/** The run cut into paragraphs: copies of its text where a blank line cuts it, its elements as they are. */
function splitRun(nodes: ChildNode[], mode: Mode): ChildNode[][] {
  const paragraphs: ChildNode[][] = [[]];
  const current = () => paragraphs[paragraphs.length - 1];
  for (let index = 0; index < nodes.length; index += 1) {
    const node = nodes[index];
    if (mode === 'newlines' && isText(node)) {
      node.data.split(BLANK_LINE).forEach((piece, pieceIndex) => {
        if (pieceIndex > 0) paragraphs.push([]);
        if (piece !== '') current().push(text(piece));
      });
    } else if (mode === 'breaks' && isElement(node, 'br')) {
      const following = nextBreaks(nodes, index);
      if (following.length > 0) {
        paragraphs.push([]);
        index = following[following.length - 1];
      } else {
        current().push(node);
      }
    } else {
      current().push(node);
    }
  }
  return paragraphs;
}

/** The positions of the breaks that follow the break at `index` with only whitespace between. */
function nextBreaks(nodes: ChildNode[], index: number): number[] {
  const found: number[] = [];
  for (let next = index + 1; next < nodes.length; next += 1) {
    const node = nodes[next];
    if (isElement(node, 'br')) found.push(next);
    else if (!(isText(node) && node.data.trim() === '')) break;
  }
  return found;
}

function wrapParagraphs(original: ChildNode[], paragraphs: ChildNode[][], mode: Mode): void {
  const container = original[0].parent;
  // The run's first node may move into a paragraph: the paragraphs go before a marker that stays put.
  const marker = text('');
  insertBefore(original[0], marker);
  for (const nodes of paragraphs) {
    const content = withoutEdgeBreaks(nodes);
    trimWhitespace(content);
    if (isBlank(content)) continue;
    const paragraph = element('p', {}, content);
    insertBefore(marker, paragraph);
    if (mode === 'newlines') breakLines(paragraph.children);
  }
  for (const node of [marker, ...original]) if (node.parent === container) removeElement(node);
}

function keepInline(nodes: ChildNode[], mode: Mode): void {
  trimWhitespace(nodes);
  const kept: ChildNode[] = [];
  for (const node of nodes) {
    if (isText(node) && node.data === '') removeElement(node);
    else kept.push(node);
  }
  if (mode === 'newlines') breakLines(kept);
}

/** The paragraph's content without the breaks (and the whitespace around them) at either end. */
function withoutEdgeBreaks(nodes: ChildNode[]): ChildNode[] {
  const isEdge = (node: ChildNode) => isElement(node, 'br') || (isText(node) && node.data.trim() === '');
  let start = 0;
  let end = nodes.length;
  while (start < end && isEdge(nodes[start])) start += 1;
  while (end > start && isEdge(nodes[end - 1])) end -= 1;
  return nodes.slice(start, end);
}

/** Drops the whitespace at both ends of a run of inline content. */
function trimWhitespace(nodes: ChildNode[]): void {
  if (nodes.length === 0) return;
  const first = nodes[0];
  const last = nodes[nodes.length - 1];
  if (isText(first)) first.data = first.data.replace(/^\s+/, '');
  if (isText(last)) last.data = last.data.replace(/\s+$/, '');
}

/**
 * Each newline in the text becomes a <br /> (wpautop's rule): not inside <pre>, and not for a newline that only follows
 * a <br /> already there.
 */
function breakLines(nodes: ChildNode[]): void {
  for (const node of [...nodes]) {
    if (isElement(node) && !VERBATIM.has(node.name)) {
      breakLines(node.children);
    } else if (isText(node) && node.data.includes('\n')) {
      const [first, ...rest] = node.data.split(/[ \t]*\n/);
      const followsBreak = first.trim() === '' && isElement(node.prev, 'br');
      const replacement: ChildNode[] = followsBreak ? [] : [text(first)];
      rest.forEach((line, index) => {
        if (!(index === 0 && followsBreak)) replacement.push(element('br'));
        replacement.push(text(line));
      });
      replaceWith(
        node,
        replacement.filter((part) => !(isText(part) && part.data === '')),
      );
    }
  }
}

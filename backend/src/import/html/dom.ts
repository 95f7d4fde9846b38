import render from 'dom-serializer';
import { Element, Text, isComment, isTag, isText, type AnyNode, type ChildNode, type Document, type ParentNode } from 'domhandler';
import { append, appendChild, findAll, prepend, removeElement } from 'domutils';
import { parseDocument } from 'htmlparser2';

export { isText, type ChildNode, type Element, type ParentNode };

export function parseHtml(html: string): Document {
  return parseDocument(html);
}

/**
 * HTML written the way sanitize-html writes it (void elements as «<img … />», characters as themselves, not entities),
 * so that what the readers make passes the sanitiser unchanged.
 */
export function serializeHtml(nodes: AnyNode | AnyNode[]): string {
  return render(nodes, { encodeEntities: 'utf8', selfClosingTags: true });
}

/** A new element with these children (moved from wherever they were). */
export function element(name: string, attributes: Record<string, string> = {}, children: ChildNode[] = []): Element {
  const created = new Element(name, attributes);
  for (const node of children) appendChild(created, node);
  return created;
}

export function text(data: string): Text {
  return new Text(data);
}

export function isElement(node: AnyNode | null | undefined, ...names: string[]): node is Element {
  return node != null && isTag(node) && (names.length === 0 || names.includes(node.name));
}

/** The element's class names. */
function classesOf(node: Element): string[] {
  return (node.attribs.class ?? '').split(/\s+/).filter(Boolean);
}

export function hasClass(node: Element, name: string): boolean {
  return classesOf(node).includes(name);
}

/** Every element under these nodes (not the nodes themselves) that passes the test, in document order. */
export function elementsWhere(root: ParentNode | AnyNode[], test: (node: Element) => boolean): Element[] {
  return findAll(test, Array.isArray(root) ? root : root.children);
}

/** Puts the nodes where the element was, in its place. */
export function replaceWith(target: ChildNode, nodes: ChildNode[]): void {
  let anchor = target;
  for (const node of nodes) {
    if (node === target) continue;
    append(anchor, node);
    anchor = node;
  }
  if (!nodes.includes(target)) removeElement(target);
}

/** Replaces an element with its children. */
export function unwrap(target: Element): void {
  replaceWith(target, [...target.children]);
}

export function insertBefore(target: ChildNode, node: ChildNode): void {
  prepend(target, node);
}

export { appendChild, removeElement };

/** True when the nodes hold nothing but whitespace (and no element). */
export function isBlank(nodes: ChildNode[]): boolean {
  return nodes.every((node) => isText(node) && node.data.trim() === '');
}

/**
 * Drops the HTML comments (WordPress's block delimiters and <!--more-->, Ghost's card markers), joining the text on
 * either side of each into one node so that a blank line around a comment still reads as one.
 */
export function removeComments(parent: ParentNode): void {
  for (const node of [...parent.children]) {
    if (isComment(node)) {
      const { prev, next } = node;
      removeElement(node);
      if (prev && next && isText(prev) && isText(next)) {
        prev.data += next.data;
        removeElement(next);
      }
    } else if ('children' in node) {
      removeComments(node);
    }
  }
}

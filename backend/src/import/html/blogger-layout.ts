import { element, elementsWhere, hasClass, isBlank, isElement, replaceWith, type Element, type ParentNode } from './dom';
import { paragraphsFromBreaks } from './paragraphs';

function imagesIn(node: Element): Element[] {
  return elementsWhere(node, (candidate) => candidate.name === 'img');
}

/**
 * Blogger's own markup made plain before the common tidy: its picture wrappers (<div class="separator"> around a link
 * to the full-size file), its captioned pictures (a one-column table, class tr-caption-container) and its paragraphs
 * made of «<br /><br />».
 */
export function bloggerLayout(root: ParentNode): void {
  for (const table of elementsWhere(root, (node) => node.name === 'table' && hasClass(node, 'tr-caption-container'))) {
    const [image] = imagesIn(table);
    const caption = elementsWhere(table, (node) => hasClass(node, 'tr-caption'))[0];
    if (!image) continue;
    replaceWith(table, [element('figure', {}, caption ? [image, element('figcaption', {}, [...caption.children])] : [image])]);
  }
  for (const separator of elementsWhere(root, (node) => node.name === 'div' && hasClass(node, 'separator'))) {
    const images = imagesIn(separator);
    // A figure is a block: the paragraphs below do not take the picture in; the tidy makes it a plain image.
    if (images.length > 0 && separator.children.every((node) => isElement(node) || isBlank([node]))) {
      replaceWith(separator, [element('figure', {}, images)]);
    }
  }
  paragraphsFromBreaks(root);
}

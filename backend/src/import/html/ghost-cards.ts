import { textContent } from 'domutils';
import { element, elementsWhere, hasClass, replaceWith, text, type ParentNode } from './dom';

/**
 * Ghost's cards that the common tidy would not make sense of: a bookmark card (a preview of another page, with its
 * icon and thumbnail) becomes a link to that page with its title. Image, gallery, embed and code cards are figures and
 * <pre> the tidy handles; the «<!--kg-card-begin: html-->» markers are comments, dropped with all the others.
 */
export function ghostCards(root: ParentNode): void {
  for (const card of elementsWhere(root, (node) => hasClass(node, 'kg-bookmark-card'))) {
    const link = elementsWhere(card, (node) => node.name === 'a' && Boolean(node.attribs.href))[0];
    if (!link) continue;
    const title = elementsWhere(card, (node) => hasClass(node, 'kg-bookmark-title'))[0];
    const href = link.attribs.href;
    const label = (title ? textContent(title) : '').trim() || href;
    replaceWith(card, [element('p', {}, [element('a', { href }, [text(label)])])]);
  }
}

import type { Editor } from '@tiptap/core';
import Document from '@tiptap/extension-document';
import { Fragment, Slice, type Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection, Plugin, PluginKey, TextSelection } from '@tiptap/pm/state';
import { Footnote as BaseFootnote, FootnoteReference as BaseReference, Footnotes as BaseFootnotes } from 'tiptap-footnotes';
import { backLinkArrow, footnoteNumber, noteDirection } from './footnote-rules';
import { editorText as t } from './strings';

/**
 * Footnotes on tiptap-footnotes (its plugin keeps the list at the end in the references' order, adds and removes
 * notes, renumbers), written and read in the markup the site stores and the sanitiser allows:
 *   reference  <sup><a href="#fn-N" id="fnref-N" role="doc-noteref">N</a></sup>
 *   list       <section class="footnotes" role="doc-endnotes"><ol>
 *                <li id="fn-N" dir="…"><a href="#fnref-N" role="doc-backlink" aria-label="…">↪</a><div>text</div></li>
 *              </ol></section>
 * The link between a reference and its note is the package's `data-id`, made from N when a post is opened
 * (numbers are unique in stored HTML) and kept in the editor only.
 */

/** The document: blocks, then at most one list of notes. */
export const FootnotesDocument = Document.extend({ content: 'block+ footnotes?' });

export const Footnotes = BaseFootnotes.extend({
  parseHTML: () => [
    { tag: 'section.footnotes', contentElement: 'ol', priority: 1000 },
    { tag: 'ol.footnotes', priority: 1000 },
  ],
  renderHTML: () => ['section', { class: 'footnotes', role: 'doc-endnotes' }, ['ol', 0]],
});

export const Footnote = BaseFootnote.extend({
  parseHTML: () => [
    {
      tag: 'li',
      priority: 1000,
      getAttrs: (element: HTMLElement) => {
        const number = footnoteNumber(element.id);
        return number === null ? false : { 'data-id': `fn-${number}` };
      },
      contentElement: (element: HTMLElement) => element.querySelector(':scope > div') ?? element,
    },
  ],
  renderHTML: ({ node }) => {
    // `fn-N` as read, `fn:N` once the package has renumbered
    const number = footnoteNumber(String(node.attrs.id ?? '')) ?? 0;
    const dir = noteDirection(node.firstChild?.attrs.dir as string | undefined, node.textContent);
    return [
      'li',
      { id: `fn-${number}`, dir },
      ['a', { href: `#fnref-${number}`, role: 'doc-backlink', 'aria-label': t.footnoteBack(number) }, backLinkArrow(dir)],
      ['div', 0],
    ];
  },
});

let made = 0;
/** A reference's link to its note, unique in the editor (crypto.randomUUID needs a secure context; the admin may not have one). */
const newFootnoteId = () => `new-${Date.now().toString(36)}-${(made += 1)}`;

export const FootnoteReference = BaseReference.extend({
  parseHTML: () => [
    {
      tag: 'sup',
      priority: 1000,
      getAttrs: (element: HTMLElement) => {
        const link = element.querySelector('a[role="doc-noteref"], a[id^="fnref-"]');
        const number = link ? footnoteNumber(link.id, 'fnref') : null;
        return number === null ? false : { 'data-id': `fn-${number}`, referenceNumber: String(number) };
      },
      // the number is the reference's attribute, written again on each render; its text is not kept
      getContent: () => Fragment.empty,
    },
  ],
  renderHTML: ({ node }) => {
    const number = String(node.attrs.referenceNumber ?? '');
    return ['sup', ['a', { href: `#fn-${number}`, id: `fnref-${number}`, role: 'doc-noteref' }, number]];
  },
  // In place of the package's: a pasted copy of a reference gets a new id (two references to one note would
  // renumber each other), a reference dragged elsewhere keeps its id and so its note; a click selects the reference,
  // a second click goes to its note.
  addProseMirrorPlugins() {
    const { editor, name } = this;
    const renamed = (node: PmNode, taken: Set<string>): PmNode => {
      if (node.type.name === name && taken.has(node.attrs['data-id'] as string)) {
        return node.type.create({ ...node.attrs, 'data-id': newFootnoteId() }, node.content, node.marks);
      }
      if (node.childCount === 0) return node;
      const children: PmNode[] = [];
      node.content.forEach((child) => children.push(renamed(child, taken)));
      return node.copy(Fragment.from(children));
    };
    return [
      new Plugin({
        key: new PluginKey('footnotePaste'),
        props: {
          transformPasted(slice, view) {
            if (view.dragging?.move) return slice;
            const taken = new Set<string>();
            view.state.doc.descendants((node) => {
              if (node.type.name === name) taken.add(node.attrs['data-id'] as string);
            });
            const children: PmNode[] = [];
            slice.content.forEach((child) => children.push(renamed(child, taken)));
            return new Slice(Fragment.from(children), slice.openStart, slice.openEnd);
          },
          handleClickOn(view, _pos, node, nodePos, event) {
            if (node.type.name !== name) return false;
            event.preventDefault();
            const { selection } = view.state;
            if (selection instanceof NodeSelection && selection.node.eq(node)) {
              return focusNote(editor, node.attrs['data-id'] as string);
            }
            view.dispatch(view.state.tr.setSelection(NodeSelection.create(view.state.doc, nodePos)));
            return true;
          },
        },
      }),
    ];
  },
  addKeyboardShortcuts() {
    return { 'Mod-Alt-f': () => insertFootnote(this.editor) };
  },
});

/**
 * Inserts a footnote reference at the cursor and puts the cursor in its new, empty note. Two steps, not one command:
 * the note is added by the package's plugin after the reference's transaction, so it can be focused only then.
 */
export function insertFootnote(editor: Editor): boolean {
  const id = newFootnoteId();
  if (
    !editor
      .chain()
      .focus()
      .insertContent({ type: 'footnoteReference', attrs: { 'data-id': id } })
      .run()
  )
    return false;
  return focusNote(editor, id);
}

/**
 * Puts the cursor at the end of the text of the note linked to a reference. (The package's focusFootnote puts it
 * after the note's last paragraph, where typed text would start a new one.)
 */
function focusNote(editor: Editor, id: string): boolean {
  let end: number | undefined;
  editor.state.doc.descendants((node, pos) => {
    if (node.type.name === 'footnote' && node.attrs['data-id'] === id) end = pos + node.nodeSize - 1;
    return end === undefined;
  });
  if (end === undefined) return false;
  const cursor = TextSelection.near(editor.state.doc.resolve(end), -1);
  return editor.chain().focus().setTextSelection(cursor.from).scrollIntoView().run();
}

/** Everything footnotes need in the editor, in one list. */
export const FootnoteExtensions = [FootnotesDocument, Footnotes, Footnote, FootnoteReference] as const;

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { FootnoteExtensions, insertFootnote } from './footnotes';
import { MathBlock, MathInline } from './math';

const BACK = 'العودة إلى موضع الحاشية';
const note = (n: number, text: string, arrow = '↪', dir = 'rtl') =>
  `<li id="fn-${n}" dir="${dir}"><a href="#fnref-${n}" role="doc-backlink" aria-label="${BACK} ${n}">${arrow}</a><div><p>${text}</p></div></li>`;
const reference = (n: number) => `<sup><a href="#fn-${n}" id="fnref-${n}" role="doc-noteref">${n}</a></sup>`;

/** A post as the server stores it: MathML inside the formulas, two notes. */
const STORED =
  `<p>أولى${reference(1)} و<span class="math-inline" data-tex="a+b"><math dir="ltr"><mi>a</mi><mo>+</mo><mi>b</mi></math></span></p>` +
  `<div class="math-block" data-tex="x^2"><math dir="ltr" display="block"><msup><mi>x</mi><mn>2</mn></msup></math></div>` +
  `<p>ثانية${reference(2)}</p>` +
  `<section class="footnotes" role="doc-endnotes"><ol>${note(1, 'الأولى')}${note(2, 'Knuth, TAOCP', '↩', 'ltr')}</ol></section>`;

let editor: Editor | undefined;
/** Deletes the first node of this type, as a Backspace over it does. */
function deleteFirst(e: Editor, type: string) {
  let range: { from: number; to: number } | undefined;
  e.state.doc.descendants((node, pos) => {
    if (!range && node.type.name === type) range = { from: pos, to: pos + node.nodeSize };
  });
  e.chain().deleteRange(range!).run();
}
const open = (content: string) =>
  (editor = new Editor({
    extensions: [StarterKit.configure({ document: false }), ...FootnoteExtensions, MathInline, MathBlock],
    content,
  }));
afterEach(() => editor?.destroy());

describe('footnotes and formulas in the editor', () => {
  it('opens a stored post and writes it back the same, formulas as their TeX only (the server makes the MathML)', () => {
    const html = open(STORED).getHTML();
    expect(html).toBe(
      `<p>أولى${reference(1)} و<span class="math-inline" data-tex="a+b"></span></p>` +
        `<div class="math-block" data-tex="x^2"></div>` +
        `<p>ثانية${reference(2)}</p>` +
        `<section class="footnotes" role="doc-endnotes"><ol>${note(1, 'الأولى')}${note(2, 'Knuth, TAOCP', '↩', 'ltr')}</ol></section>`,
    );
  });

  it('a footnote inserted before the others is number 1; the others renumber and keep their notes', () => {
    const e = open(STORED);
    e.commands.setTextSelection(1);
    expect(insertFootnote(e)).toBe(true);
    // the cursor is in the new, first note
    e.commands.insertContent('جديدة');
    const html = e.getHTML();
    expect(html).toContain(`<p>${reference(1)}أولى${reference(2)} و`);
    expect(html).toContain(`<p>ثانية${reference(3)}</p>`);
    expect(html).toContain(`<ol>${note(1, 'جديدة')}${note(2, 'الأولى')}${note(3, 'Knuth, TAOCP', '↩', 'ltr')}</ol>`);
  });

  it('deleting a reference removes its note and renumbers the rest; without references the list goes', () => {
    const e = open(STORED);
    deleteFirst(e, 'footnoteReference');
    expect(e.getHTML()).toContain(`<p>ثانية${reference(1)}</p>`);
    expect(e.getHTML()).toContain(`<ol>${note(1, 'Knuth, TAOCP', '↩', 'ltr')}</ol>`);
    deleteFirst(e, 'footnoteReference');
    expect(e.getHTML()).not.toContain('footnotes');
  });

  it('changes the TeX of the selected formula in place', () => {
    const e = open(STORED);
    let position = -1;
    e.state.doc.descendants((node, pos) => {
      if (node.type.name === 'mathBlock') position = pos;
    });
    e.chain().setNodeSelection(position).setFormula({ tex: 'y^3', display: true }).run();
    deleteFirst(e, 'mathInline');
    expect(e.getHTML()).not.toContain('math-inline');
    expect(e.getHTML()).toContain('<div class="math-block" data-tex="y^3"></div>');
    expect(e.getHTML()).not.toContain('x^2');
  });
});

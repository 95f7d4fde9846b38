import { Node, type NodeViewRendererProps } from '@tiptap/core';
import { previewTex } from './tex';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    formula: {
      /** Inserts a formula at the cursor, or changes the selected one's TeX. */
      setFormula: (options: { tex: string; display: boolean }) => ReturnType;
    };
  }
}

interface FormulaOptions {
  /** Opens the formula dialog (for the selected formula, if one is). */
  openDialog: (display: boolean) => void;
}

/**
 * A formula node view: its MathML preview (temml), left to right, or the TeX with the error in its title. The editor
 * stores only the TeX (`data-tex`); the server makes the MathML readers get when the post is saved.
 */
function formulaView(display: boolean, openDialog: (display: boolean) => void) {
  return ({ node, getPos, editor }: NodeViewRendererProps) => {
    const dom = document.createElement(display ? 'div' : 'span');
    dom.className = display ? 'math-block' : 'math-inline';
    dom.dir = 'ltr';
    dom.contentEditable = 'false';
    dom.dataset.testid = display ? 'editor-math-block' : 'editor-math-inline';
    const show = (tex: string) => {
      const result = previewTex(tex, display);
      dom.dataset.tex = tex;
      if ('mathml' in result) {
        dom.classList.remove('math-error');
        dom.removeAttribute('title');
        dom.innerHTML = result.mathml;
      } else {
        dom.classList.add('math-error');
        dom.title = result.error;
        dom.textContent = tex;
      }
    };
    show(node.attrs.tex as string);
    // a double click edits the formula (a single one selects it, as ProseMirror does for any atom)
    dom.addEventListener('dblclick', () => {
      const position = typeof getPos === 'function' ? getPos() : undefined;
      if (position === undefined) return;
      editor.commands.setNodeSelection(position);
      openDialog(display);
    });
    return {
      dom,
      update: (updated: typeof node) => {
        if (updated.type !== node.type) return false;
        show(updated.attrs.tex as string);
        return true;
      },
    };
  };
}

const texAttribute = {
  tex: {
    default: '',
    parseHTML: (element: HTMLElement) => element.getAttribute('data-tex') ?? '',
    renderHTML: (attributes: Record<string, unknown>) => ({ 'data-tex': attributes.tex }),
  },
};

/** Inline TeX: `<span class="math-inline" data-tex="…">`. */
export const MathInline = Node.create<FormulaOptions>({
  name: 'mathInline',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addOptions: () => ({ openDialog: () => undefined }),
  addAttributes: () => texAttribute,
  parseHTML: () => [{ tag: 'span.math-inline[data-tex]', priority: 100 }],
  renderHTML: ({ HTMLAttributes }) => ['span', { class: 'math-inline', ...HTMLAttributes }],
  addNodeView() {
    return formulaView(false, this.options.openDialog);
  },
  addKeyboardShortcuts() {
    return {
      'Mod-Alt-m': () => {
        this.options.openDialog(false);
        return true;
      },
    };
  },
  addCommands() {
    return {
      setFormula:
        ({ tex, display }) =>
        ({ state, commands }) => {
          const type = display ? 'mathBlock' : 'mathInline';
          const selected = 'node' in state.selection ? (state.selection.node as { type: { name: string } }) : null;
          if (selected?.type.name === type) return commands.updateAttributes(type, { tex });
          return commands.insertContent({ type, attrs: { tex } });
        },
    };
  },
});

/** Block TeX on its own line: `<div class="math-block" data-tex="…">`. */
export const MathBlock = Node.create<FormulaOptions>({
  name: 'mathBlock',
  group: 'block',
  atom: true,
  selectable: true,
  addOptions: () => ({ openDialog: () => undefined }),
  addAttributes: () => texAttribute,
  parseHTML: () => [{ tag: 'div.math-block[data-tex]', priority: 100 }],
  renderHTML: ({ HTMLAttributes }) => ['div', { class: 'math-block', ...HTMLAttributes }],
  addNodeView() {
    return formulaView(true, this.options.openDialog);
  },
});

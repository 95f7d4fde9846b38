import { Extension, type CommandProps } from '@tiptap/core';

type RawCommand = (props: CommandProps) => boolean;
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { shouldBecomeRtl } from './editor-rules';

const ALIGNABLE = new Set(['paragraph', 'heading']);
const SKIP = new Set(['codeBlock']);

/**
 * SPEC §2: a block whose text has Arabic-script characters and whose direction is not set gets
 * dir="rtl" and right alignment. Enter keeps both (Tiptap copies attributes on split).
 */
export const ArabicAutoRtl = Extension.create({
  name: 'arabicAutoRtl',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('arabicAutoRtl'),
        appendTransaction: (transactions, _oldState, newState) => {
          if (!transactions.some((tr) => tr.docChanged)) return null;
          const tr = newState.tr;
          let changed = false;
          newState.doc.descendants((node, pos) => {
            if (SKIP.has(node.type.name)) return false;
            if (!node.isTextblock) return true;
            if (!('dir' in node.attrs)) return false;
            if (shouldBecomeRtl(node.textContent, node.attrs.dir as string | null)) {
              const attrs: Record<string, unknown> = { ...node.attrs, dir: 'rtl' };
              if (ALIGNABLE.has(node.type.name) && 'textAlign' in node.attrs && !node.attrs.textAlign) attrs.textAlign = 'right';
              tr.setNodeMarkup(pos, undefined, attrs);
              changed = true;
            }
            return false;
          });
          return changed ? tr : null;
        },
      }),
    ];
  },
});

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    indent: {
      /** Indents the current block (or sinks the list item). */
      indent: () => ReturnType;
      /** Outdents the current block (or lifts the list item). */
      outdent: () => ReturnType;
    };
  }
}

const MAX_INDENT = 8;

/** Block indentation (SPEC §2 'indent -1/+1'), stored as data-indent and rendered as an inline-start margin. */
export const Indent = Extension.create({
  name: 'indent',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph', 'heading'],
        attributes: {
          indent: {
            default: 0,
            parseHTML: (element) => Number.parseInt(element.getAttribute('data-indent') ?? '0', 10) || 0,
            renderHTML: (attributes) =>
              attributes.indent
                ? { 'data-indent': attributes.indent, style: `margin-inline-start: ${attributes.indent * 2}em` }
                : {},
          },
        },
      },
    ];
  },
  addCommands() {
    const change =
      (delta: number): RawCommand =>
      ({ state, tr, dispatch, commands }) => {
        const { $from } = state.selection;
        for (let depth = $from.depth; depth > 0; depth -= 1) {
          if ($from.node(depth).type.name === 'listItem') {
            return delta > 0 ? commands.sinkListItem('listItem') : commands.liftListItem('listItem');
          }
        }
        const { from, to } = state.selection;
        let applied = false;
        state.doc.nodesBetween(from, to, (node, pos) => {
          if (node.type.name === 'paragraph' || node.type.name === 'heading') {
            const next = Math.max(0, Math.min(MAX_INDENT, ((node.attrs.indent as number) ?? 0) + delta));
            if (next !== node.attrs.indent) {
              if (dispatch) tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent: next });
              applied = true;
            }
            return false;
          }
          return true;
        });
        return applied;
      };
    return {
      indent: () => change(1),
      outdent: () => change(-1),
    };
  },
});

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, HStack, IconButton, NativeSelect, Separator, Stack, Text } from '@chakra-ui/react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import TextAlign from '@tiptap/extension-text-align';
import Subscript from '@tiptap/extension-subscript';
import Superscript from '@tiptap/extension-superscript';
import { BackgroundColor, Color, TextStyle } from '@tiptap/extension-text-style';
import Image from '@tiptap/extension-image';
import Youtube from '@tiptap/extension-youtube';
import { TableKit } from '@tiptap/extension-table';
import CodeBlockLowlight from '@tiptap/extension-code-block-lowlight';
import { Placeholder } from '@tiptap/extensions';
import { createLowlight } from 'lowlight';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import {
  Asterisk,
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Bold,
  Code2,
  Highlighter,
  ImageIcon,
  IndentDecrease,
  IndentIncrease,
  Italic,
  Link2,
  Link2Off,
  List,
  ListOrdered,
  Palette,
  PilcrowLeft,
  PilcrowRight,
  Redo2,
  RemoveFormatting,
  Sigma,
  SquareSigma,
  Strikethrough,
  Subscript as SubIcon,
  Superscript as SupIcon,
  Table2,
  Underline as UnderlineIcon,
  Undo2,
  SquarePlay as YoutubeIcon,
} from 'lucide-react';
import { ArabicAutoRtl, Indent } from './extensions';
import { FootnoteExtensions, insertFootnote } from './footnotes';
import { MathBlock, MathInline } from './math';
import MathDialog from './MathDialog';
import { cleanPastedHtml, normalizeImageUrl, normalizeLinkUrl, parseTableSize, youtubeId } from './editor-rules';
import { editorText as t } from './strings';
import PromptDialog from './PromptDialog';
import { useImageUpload } from '@/components/image-upload/useImageUpload';
import type { RichTextEditorProps } from './types';
import './editor.css';

// the editor's languages (the server highlights these and more, and guesses among these: backend/src/common/code-highlight.ts)
const lowlight = createLowlight({ bash, css, javascript, json, python, sql, typescript, xml, yaml });
lowlight.registerAlias({ javascript: ['js', 'jsx'], typescript: ['ts', 'tsx'], xml: ['html'], bash: ['sh', 'shell'] });

type Dialog = 'link' | 'image' | 'video' | 'table' | 'inlineMath' | 'blockMath' | null;

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <IconButton
      aria-label={label}
      title={label}
      size="xs"
      variant={active ? 'solid' : 'ghost'}
      aria-pressed={active ?? undefined}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </IconButton>
  );
}

function Toolbar({
  editor,
  mode,
  onModeChange,
  openDialog,
}: {
  editor: Editor;
  mode: 'ltr' | 'rtl';
  onModeChange: (m: 'ltr' | 'rtl') => void;
  openDialog: (d: Dialog) => void;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      level: ([1, 2, 3, 4, 5, 6] as const).find((level) => e.isActive('heading', { level })) ?? 0,
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      ordered: e.isActive('orderedList'),
      bullet: e.isActive('bulletList'),
      sub: e.isActive('subscript'),
      sup: e.isActive('superscript'),
      rtl: e.isActive({ dir: 'rtl' }),
      left: e.isActive({ textAlign: 'left' }),
      center: e.isActive({ textAlign: 'center' }),
      right: e.isActive({ textAlign: 'right' }),
      justify: e.isActive({ textAlign: 'justify' }),
      link: e.isActive('link'),
      inlineMath: e.isActive('mathInline'),
      blockMath: e.isActive('mathBlock'),
      codeBlock: e.isActive('codeBlock'),
      table: e.isActive('table'),
      color: (e.getAttributes('textStyle').color as string | undefined) ?? '#000000',
      bg: (e.getAttributes('textStyle').backgroundColor as string | undefined) ?? '#ffff00',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
      hasSelection: !e.state.selection.empty,
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <HStack
      role="toolbar"
      aria-label={t.toolbar}
      gap="1"
      wrap="wrap"
      p="2"
      borderBottomWidth="1px"
      bg="bg.subtle"
      position="sticky"
      // under the site header (h 16, sticky too), never over it
      top="16"
      zIndex="1"
    >
      <ToolButton label={t.undo} disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <Undo2 size={16} />
      </ToolButton>
      <ToolButton label={t.redo} disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <Redo2 size={16} />
      </ToolButton>
      <Separator orientation="vertical" h="6" />
      <NativeSelect.Root size="xs" width="auto">
        <NativeSelect.Field
          aria-label={t.blockType}
          value={String(state.level)}
          onChange={(event) => {
            const level = Number(event.target.value);
            if (level === 0) chain().setParagraph().run();
            else
              chain()
                .setHeading({ level: level as 1 | 2 | 3 | 4 | 5 | 6 })
                .run();
          }}
        >
          <option value="0">{t.normal}</option>
          {[1, 2, 3, 4, 5, 6].map((level) => (
            <option key={level} value={level}>
              {t.heading(level)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Separator orientation="vertical" h="6" />
      <ToolButton label={t.bold} active={state.bold} onClick={() => chain().toggleBold().run()}>
        <Bold size={16} />
      </ToolButton>
      <ToolButton label={t.italic} active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <Italic size={16} />
      </ToolButton>
      <ToolButton label={t.underline} active={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <UnderlineIcon size={16} />
      </ToolButton>
      <ToolButton label={t.strike} active={state.strike} onClick={() => chain().toggleStrike().run()}>
        <Strikethrough size={16} />
      </ToolButton>
      <Separator orientation="vertical" h="6" />
      <ToolButton label={t.orderedList} active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <ListOrdered size={16} />
      </ToolButton>
      <ToolButton label={t.bulletList} active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        <List size={16} />
      </ToolButton>
      <ToolButton label={t.subscript} active={state.sub} onClick={() => chain().toggleSubscript().run()}>
        <SubIcon size={16} />
      </ToolButton>
      <ToolButton label={t.superscript} active={state.sup} onClick={() => chain().toggleSuperscript().run()}>
        <SupIcon size={16} />
      </ToolButton>
      <ToolButton label={t.outdent} onClick={() => chain().outdent().run()}>
        <IndentDecrease size={16} className="mirror-rtl" />
      </ToolButton>
      <ToolButton label={t.indent} onClick={() => chain().indent().run()}>
        <IndentIncrease size={16} className="mirror-rtl" />
      </ToolButton>
      <Separator orientation="vertical" h="6" />
      <ToolButton
        label={t.blockRtl}
        active={state.rtl}
        onClick={() => {
          if (state.rtl) chain().setTextDirection('ltr').run();
          else chain().setTextDirection('rtl').run();
        }}
      >
        <PilcrowLeft size={16} />
      </ToolButton>
      <ToolButton label={t.alignLeft} active={state.left} onClick={() => chain().setTextAlign('left').run()}>
        <AlignLeft size={16} />
      </ToolButton>
      <ToolButton label={t.alignCenter} active={state.center} onClick={() => chain().setTextAlign('center').run()}>
        <AlignCenter size={16} />
      </ToolButton>
      <ToolButton label={t.alignRight} active={state.right} onClick={() => chain().setTextAlign('right').run()}>
        <AlignRight size={16} />
      </ToolButton>
      <ToolButton label={t.alignJustify} active={state.justify} onClick={() => chain().setTextAlign('justify').run()}>
        <AlignJustify size={16} />
      </ToolButton>
      <Separator orientation="vertical" h="6" />
      <ToolButton label={t.link} active={state.link} onClick={() => openDialog('link')}>
        <Link2 size={16} />
      </ToolButton>
      {state.link ? (
        <ToolButton label={t.removeLink} onClick={() => chain().extendMarkRange('link').unsetLink().run()}>
          <Link2Off size={16} />
        </ToolButton>
      ) : null}
      <ToolButton label={t.image} onClick={() => openDialog('image')}>
        <ImageIcon size={16} />
      </ToolButton>
      <ToolButton label={t.video} onClick={() => openDialog('video')}>
        <YoutubeIcon size={16} />
      </ToolButton>
      <ToolButton label={t.codeBlock} active={state.codeBlock} onClick={() => chain().toggleCodeBlock().run()}>
        <Code2 size={16} />
      </ToolButton>
      <ToolButton label={t.table} active={state.table} onClick={() => openDialog('table')}>
        <Table2 size={16} />
      </ToolButton>
      <ToolButton label={t.footnote} onClick={() => insertFootnote(editor)}>
        <Asterisk size={16} />
      </ToolButton>
      <ToolButton label={t.inlineMath} active={state.inlineMath} onClick={() => openDialog('inlineMath')}>
        <Sigma size={16} />
      </ToolButton>
      <ToolButton label={t.blockMath} active={state.blockMath} onClick={() => openDialog('blockMath')}>
        <SquareSigma size={16} />
      </ToolButton>
      <Separator orientation="vertical" h="6" />
      <label title={t.textColor} className="editor-color">
        <Palette size={16} aria-hidden />
        <input
          type="color"
          aria-label={t.textColor}
          value={/^#[0-9a-f]{6}$/i.test(state.color) ? state.color : '#000000'}
          onChange={(event) => chain().setColor(event.target.value).run()}
        />
      </label>
      <label title={t.backgroundColor} className="editor-color">
        <Highlighter size={16} aria-hidden />
        <input
          type="color"
          aria-label={t.backgroundColor}
          value={/^#[0-9a-f]{6}$/i.test(state.bg) ? state.bg : '#ffff00'}
          onChange={(event) => chain().setBackgroundColor(event.target.value).run()}
        />
      </label>
      <ToolButton label={t.clearFormatting} onClick={() => chain().unsetAllMarks().unsetTextAlign().run()}>
        <RemoveFormatting size={16} />
      </ToolButton>
      <Separator orientation="vertical" h="6" />
      <ToolButton label={t.displayDirection} active={mode === 'rtl'} onClick={() => onModeChange(mode === 'rtl' ? 'ltr' : 'rtl')}>
        {mode === 'rtl' ? <PilcrowLeft size={16} /> : <PilcrowRight size={16} />}
      </ToolButton>
      {state.table ? (
        <HStack gap="1">
          <ToolButton label={t.addRow} onClick={() => chain().addRowAfter().run()}>
            <Text fontSize="xs">+R</Text>
          </ToolButton>
          <ToolButton label={t.addColumn} onClick={() => chain().addColumnAfter().run()}>
            <Text fontSize="xs">+C</Text>
          </ToolButton>
          <ToolButton label={t.deleteRow} onClick={() => chain().deleteRow().run()}>
            <Text fontSize="xs">-R</Text>
          </ToolButton>
          <ToolButton label={t.deleteColumn} onClick={() => chain().deleteColumn().run()}>
            <Text fontSize="xs">-C</Text>
          </ToolButton>
          <ToolButton label={t.deleteTable} onClick={() => chain().deleteTable().run()}>
            <Text fontSize="xs">×</Text>
          </ToolButton>
        </HStack>
      ) : null}
    </HStack>
  );
}

function ImageUploadButton({ onUploaded }: { onUploaded: (url: string) => void }) {
  const { upload, uploading, progress } = useImageUpload();
  return (
    <Stack gap="1">
      <Text fontSize="sm" fontWeight="medium">
        {t.uploadFromDevice}
      </Text>
      <input
        type="file"
        accept="image/*"
        aria-label={t.uploadFromDevice}
        data-testid="editor-image-file"
        disabled={uploading}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          const url = await upload(file);
          if (url) onUploaded(url);
        }}
      />
      {uploading ? <Text fontSize="xs">{progress ?? 0}%</Text> : null}
      <Text fontSize="sm" color="fg.muted">
        {t.orUrl}
      </Text>
    </Stack>
  );
}

/** The full Tiptap editor (SPEC §2 full toolbar, RTL rules, link allow-list, clean paste). */
export default function FullEditor({ value, onChange, dir = 'rtl', height = 500, label }: RichTextEditorProps) {
  const [mode, setMode] = useState<'ltr' | 'rtl'>(dir);
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const lastEmitted = useRef(value);
  const [dialog, setDialog] = useState<Dialog>(null);
  const openFormulaDialog = (display: boolean) => setDialog(display ? 'blockMath' : 'inlineMath');

  const editor = useEditor({
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    textDirection: 'auto',
    extensions: [
      StarterKit.configure({
        document: false,
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['http', 'https', 'mailto', 'tel'],
          isAllowedUri: (url) => normalizeLinkUrl(url) !== null,
          HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
        },
      }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      Subscript,
      Superscript,
      TextStyle,
      Color,
      BackgroundColor,
      Image.configure({ inline: false }),
      Youtube.configure({ nocookie: true, width: 640, height: 360 }),
      TableKit.configure({ table: { resizable: false } }),
      CodeBlockLowlight.configure({ lowlight, HTMLAttributes: { dir: 'ltr' } }),
      Placeholder.configure({ placeholder: () => (modeRef.current === 'rtl' ? t.placeholderRtl : t.placeholderLtr) }),
      Indent,
      ArabicAutoRtl,
      ...FootnoteExtensions,
      MathInline.configure({ openDialog: openFormulaDialog }),
      MathBlock.configure({ openDialog: openFormulaDialog }),
    ],
    content: value,
    editorProps: {
      // a function, so a transaction after a direction change re-reads it
      attributes: () => ({
        class: 'rich-content',
        'aria-label': label ?? t.toolbar,
        'aria-multiline': 'true',
        role: 'textbox',
        dir: modeRef.current,
      }),
      transformPastedHTML: cleanPastedHtml,
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      lastEmitted.current = html;
      onChange(html);
    },
  });

  // external value changes (post loaded, draft restored) replace the content
  useEffect(() => {
    if (!editor || value === lastEmitted.current) return;
    lastEmitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  // direction of the editing surface; the placeholder text follows it
  useEffect(() => {
    if (!editor || editor.isDestroyed || !editor.isInitialized) return;
    // an empty transaction re-renders the root attributes (dir) and the placeholder
    editor.view.dispatch(editor.state.tr.setMeta('directionChanged', mode));
  }, [editor, mode]);

  if (!editor) return null;

  const closeDialog = () => setDialog(null);
  const chain = () => editor.chain().focus();
  const selectedText = () => editor.state.doc.textBetween(editor.state.selection.from, editor.state.selection.to, ' ');
  const formulaDisplay = dialog === 'blockMath';
  const formulaType = formulaDisplay ? 'mathBlock' : 'mathInline';
  const selectedTex = editor.isActive(formulaType) ? String(editor.getAttributes(formulaType).tex ?? '') : '';

  return (
    <Box borderWidth="1px" borderRadius="md" minW="0" data-testid="full-editor" data-mode={mode} className={`rich-editor mode-${mode}`}>
      <Toolbar editor={editor} mode={mode} onModeChange={setMode} openDialog={setDialog} />
      <Box h={`${height}px`} overflow="auto" px="4" py="3" onClick={() => editor.commands.focus()} data-testid="editor-surface">
        <EditorContent editor={editor} />
      </Box>

      <PromptDialog
        open={dialog === 'link'}
        title={t.link}
        submitLabel={t.insert}
        cancelLabel={t.cancel}
        onClose={closeDialog}
        fields={[
          {
            name: 'url',
            label: t.url,
            dir: 'ltr',
            placeholder: 'https://',
            defaultValue: (editor.getAttributes('link').href as string | undefined) ?? '',
          },
          ...(editor.state.selection.empty && !editor.isActive('link') ? [{ name: 'text', label: t.linkText }] : []),
        ]}
        onSubmit={(values) => {
          const raw = values.url?.trim() ?? '';
          if (!raw) return t.required;
          const href = normalizeLinkUrl(raw);
          if (!href) return t.invalidLink;
          if (editor.state.selection.empty && !editor.isActive('link')) {
            const text = values.text?.trim() || raw;
            chain()
              .insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] })
              .run();
          } else {
            chain().extendMarkRange('link').setLink({ href }).run();
          }
          return null;
        }}
      />

      <PromptDialog
        open={dialog === 'image'}
        title={t.image}
        submitLabel={t.insert}
        cancelLabel={t.cancel}
        onClose={closeDialog}
        fields={[
          { name: 'src', label: t.url, dir: 'ltr', placeholder: 'https://' },
          { name: 'alt', label: t.altText, defaultValue: selectedText() },
        ]}
        onSubmit={(values) => {
          const raw = values.src?.trim() ?? '';
          if (!raw) return t.required;
          const src = normalizeImageUrl(raw);
          if (!src) return t.invalidImage;
          chain()
            .setImage({ src, alt: values.alt?.trim() || undefined })
            .run();
          return null;
        }}
      >
        <ImageUploadButton
          onUploaded={(src) => {
            chain().setImage({ src }).run();
            closeDialog();
          }}
        />
      </PromptDialog>

      <PromptDialog
        open={dialog === 'video'}
        title={t.video}
        submitLabel={t.insert}
        cancelLabel={t.cancel}
        onClose={closeDialog}
        fields={[{ name: 'src', label: t.url, dir: 'ltr', placeholder: 'https://www.youtube.com/watch?v=' }]}
        onSubmit={(values) => {
          const raw = values.src?.trim() ?? '';
          if (!raw) return t.required;
          if (!youtubeId(raw)) return t.invalidVideo;
          chain().setYoutubeVideo({ src: raw }).run();
          return null;
        }}
      />

      <MathDialog
        open={dialog === 'inlineMath' || dialog === 'blockMath'}
        display={formulaDisplay}
        initialTex={selectedTex}
        onClose={closeDialog}
        onSubmit={(tex) => chain().setFormula({ tex, display: formulaDisplay }).run()}
      />

      <PromptDialog
        open={dialog === 'table'}
        title={t.table}
        submitLabel={t.insert}
        cancelLabel={t.cancel}
        onClose={closeDialog}
        fields={[
          { name: 'rows', label: t.rows, type: 'number', defaultValue: '3' },
          { name: 'cols', label: t.columns, type: 'number', defaultValue: '3' },
        ]}
        onSubmit={(values) => {
          const size = parseTableSize(values.rows ?? '', values.cols ?? '');
          if (!size) return t.invalidTable;
          chain().insertTable({ rows: size.rows, cols: size.cols, withHeaderRow: true }).run();
          return null;
        }}
      />
    </Box>
  );
}

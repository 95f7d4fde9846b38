import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, HStack, IconButton, Separator, Text } from '@chakra-ui/react';
import {
  AlignCenter,
  AlignLeft,
  AlignRight,
  Bold,
  Code,
  Eraser,
  Heading1,
  Heading2,
  Heading3,
  ImageIcon,
  Italic,
  Link2,
  List,
  ListOrdered,
  Pilcrow,
  Quote,
  Redo2,
  RemoveFormatting,
  Table2,
  Underline,
  Undo2,
} from 'lucide-react';
import { escapeHtml, normalizeImageUrl, normalizeLinkUrl, parseTableSize, tableHtml } from './editor-rules';
import { commit, createHistory, record, redo, undo, type History } from './history';
import { editorText as t } from './strings';
import type { RichTextEditorProps } from './types';
import './editor.css';

const COLORS = [
  { label: t.blue, value: '#2563eb' },
  { label: t.red, value: '#dc2626' },
  { label: t.green, value: '#16a34a' },
];

function Tool({ label, onClick, children, disabled }: { label: string; onClick: () => void; children: ReactNode; disabled?: boolean }) {
  return (
    <IconButton
      aria-label={label}
      title={label}
      size="xs"
      variant="ghost"
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </IconButton>
  );
}

/**
 * The simple editor used when the full editor cannot load (SPEC §2): a contentEditable surface with its own
 * undo history, an HTML preview (shown by default) and a small formatting set. Takes and emits HTML.
 */
export default function FallbackEditor({ value, onChange, dir = 'rtl', height = 500, label }: RichTextEditorProps) {
  const surface = useRef<HTMLDivElement>(null);
  const [history, setHistory] = useState<History>(() => createHistory(value));
  const [showHtml, setShowHtml] = useState(true);
  const lastEmitted = useRef(value);

  // initial content and external changes
  useEffect(() => {
    if (!surface.current) return;
    if (value !== lastEmitted.current || surface.current.innerHTML === '') {
      if (surface.current.innerHTML !== value) surface.current.innerHTML = value;
      lastEmitted.current = value;
      setHistory((h) => (h.present === value ? h : commit(h, value, Date.now())));
    }
  }, [value]);

  const emit = (html: string, asStep: boolean) => {
    const normalized = html === '<br>' ? '' : html;
    lastEmitted.current = normalized;
    setHistory((h) => (asStep ? commit(h, normalized, Date.now()) : record(h, normalized, Date.now())));
    onChange(normalized);
  };

  const exec = (command: string, argument?: string) => {
    surface.current?.focus();
    document.execCommand(command, false, argument);
    emit(surface.current?.innerHTML ?? '', true);
  };

  const restore = (next: History) => {
    setHistory(next);
    if (surface.current) surface.current.innerHTML = next.present;
    lastEmitted.current = next.present;
    onChange(next.present);
  };

  const hasSelection = () => {
    const selection = window.getSelection();
    return !!selection && !selection.isCollapsed && !!surface.current?.contains(selection.anchorNode);
  };

  const insertLink = () => {
    const url = window.prompt(t.url, 'https://');
    if (!url || !url.trim()) return;
    const href = normalizeLinkUrl(url);
    if (!href) {
      window.alert(t.invalidLink);
      return;
    }
    if (hasSelection()) {
      exec('createLink', href);
      return;
    }
    const text = window.prompt(t.linkText, '');
    if (!text || !text.trim()) return;
    exec('insertHTML', `<a href="${escapeHtml(href)}">${escapeHtml(text.trim())}</a>`);
  };

  const insertImage = () => {
    const url = window.prompt(t.url, 'https://');
    if (!url || !url.trim()) return;
    const src = normalizeImageUrl(url);
    if (!src) {
      window.alert(t.invalidImage);
      return;
    }
    const alt = window.prompt(t.altText, '') ?? '';
    exec('insertHTML', `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt.trim())}">`);
  };

  const insertTable = () => {
    const size = parseTableSize(window.prompt(t.rows, '3'), window.prompt(t.columns, '3'));
    if (!size) return;
    exec('insertHTML', tableHtml(size.rows, size.cols));
  };

  const clearAll = () => {
    if (!window.confirm(t.clearAllConfirm)) return;
    if (surface.current) surface.current.innerHTML = '';
    emit('', true);
  };

  return (
    <Box borderWidth="1px" borderRadius="md" minW="0" data-testid="fallback-editor" className={`rich-editor mode-${dir}`}>
      <HStack role="toolbar" aria-label={t.toolbar} gap="1" wrap="wrap" p="2" borderBottomWidth="1px" bg="bg.subtle">
        <Tool label={t.undo} disabled={history.past.length === 0} onClick={() => restore(undo(history))}>
          <Undo2 size={16} />
        </Tool>
        <Tool label={t.redo} disabled={history.future.length === 0} onClick={() => restore(redo(history))}>
          <Redo2 size={16} />
        </Tool>
        <Separator orientation="vertical" h="6" />
        <Tool label={t.bold} onClick={() => exec('bold')}>
          <Bold size={16} />
        </Tool>
        <Tool label={t.italic} onClick={() => exec('italic')}>
          <Italic size={16} />
        </Tool>
        <Tool label={t.underline} onClick={() => exec('underline')}>
          <Underline size={16} />
        </Tool>
        <Tool
          label={t.code}
          onClick={() => {
            const text = window.getSelection()?.toString() ?? '';
            if (text) exec('insertHTML', `<code>${escapeHtml(text)}</code>`);
          }}
        >
          <Code size={16} />
        </Tool>
        <Separator orientation="vertical" h="6" />
        <Tool label={t.heading(1)} onClick={() => exec('formatBlock', 'H1')}>
          <Heading1 size={16} />
        </Tool>
        <Tool label={t.heading(2)} onClick={() => exec('formatBlock', 'H2')}>
          <Heading2 size={16} />
        </Tool>
        <Tool label={t.heading(3)} onClick={() => exec('formatBlock', 'H3')}>
          <Heading3 size={16} />
        </Tool>
        <Tool label={t.paragraph} onClick={() => exec('formatBlock', 'P')}>
          <Pilcrow size={16} />
        </Tool>
        <Tool label={t.quote} onClick={() => exec('formatBlock', 'BLOCKQUOTE')}>
          <Quote size={16} />
        </Tool>
        <Tool label={t.bulletList} onClick={() => exec('insertUnorderedList')}>
          <List size={16} />
        </Tool>
        <Tool label={t.orderedList} onClick={() => exec('insertOrderedList')}>
          <ListOrdered size={16} />
        </Tool>
        <Separator orientation="vertical" h="6" />
        <Tool label={t.alignRight} onClick={() => exec('justifyRight')}>
          <AlignRight size={16} />
        </Tool>
        <Tool label={t.alignCenter} onClick={() => exec('justifyCenter')}>
          <AlignCenter size={16} />
        </Tool>
        <Tool label={t.alignLeft} onClick={() => exec('justifyLeft')}>
          <AlignLeft size={16} />
        </Tool>
        <Separator orientation="vertical" h="6" />
        <Tool label={t.link} onClick={insertLink}>
          <Link2 size={16} />
        </Tool>
        <Tool label={t.image} onClick={insertImage}>
          <ImageIcon size={16} />
        </Tool>
        <Tool label={t.table} onClick={insertTable}>
          <Table2 size={16} />
        </Tool>
        {COLORS.map((color) => (
          <IconButton
            key={color.value}
            aria-label={`${t.textColor}: ${color.label}`}
            title={`${t.textColor}: ${color.label}`}
            size="xs"
            variant="ghost"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => exec('foreColor', color.value)}
          >
            <Box w="3.5" h="3.5" borderRadius="full" style={{ background: color.value }} />
          </IconButton>
        ))}
        <Tool
          label={t.clearFormatting}
          onClick={() => {
            if (hasSelection()) exec('removeFormat');
          }}
        >
          <RemoveFormatting size={16} />
        </Tool>
        <Separator orientation="vertical" h="6" />
        <Button size="xs" variant="ghost" colorPalette="red" onClick={clearAll}>
          <Eraser size={14} />
          {t.clearAll}
        </Button>
        <Button size="xs" variant="outline" aria-pressed={showHtml} onClick={() => setShowHtml((s) => !s)}>
          {showHtml ? t.hideHtml : t.showHtml}
        </Button>
      </HStack>
      <Box position="relative" h={`${height}px`} overflowY="auto" px="4" py="3">
        <div
          ref={surface}
          className="rich-content fallback-surface"
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-label={label ?? t.toolbar}
          dir={dir}
          data-placeholder={dir === 'rtl' ? t.placeholderRtl : t.placeholderLtr}
          style={{ minHeight: '100%', outline: 'none' }}
          onInput={(event) => emit((event.target as HTMLDivElement).innerHTML, false)}
          onPaste={(event) => {
            // paste as plain text: no foreign styles
            event.preventDefault();
            const text = event.clipboardData.getData('text/plain');
            document.execCommand('insertText', false, text);
          }}
        />
      </Box>
      {showHtml ? (
        <Box borderTopWidth="1px" p="3" bg="bg.muted" data-testid="fallback-html-panel">
          <Text fontSize="xs" fontWeight="bold" mb="1">
            {t.htmlPreview}
          </Text>
          <Box
            as="pre"
            dir="ltr"
            fontSize="xs"
            whiteSpace="pre-wrap"
            wordBreak="break-all"
            maxH="40"
            overflowY="auto"
            data-testid="fallback-html"
          >
            {history.present}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

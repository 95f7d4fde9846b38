import { Box } from '@chakra-ui/react';
import { useMemo } from 'react';
import { t } from '@/i18n';
import { degradeOnFailure } from '@/lib/degrade';
import { ARTICLE_HEADING_SCALE, wrapTables } from './article-typography';

/**
 * A post's or page's HTML as the API prepares it for reading (sanitised, headings with ids and links, code
 * highlighted on the server: no highlighter runs here). Each block takes its direction from its own first strong
 * character (Arabic paragraphs RTL, English ones LTR, mixed text by the bidi algorithm); code is always LTR.
 */
export function ArticleContent({ html }: { html: string }) {
  // Table scrollers decorate; content they fail on is shown as the API gave it, never a broken page.
  const rendered = useMemo(
    () =>
      degradeOnFailure(
        'enhancing article content',
        () => wrapTables(html, t('article.table')),
        () => html,
      ),
    [html],
  );
  return <Box className="article-content" css={articleCss} dangerouslySetInnerHTML={{ __html: rendered }} data-testid="article-content" />;
}

const articleCss = {
  fontSize: { base: 'md', md: 'lg' },
  lineHeight: '1.9',
  overflowWrap: 'break-word',
  '& > * + *': { marginTop: '1.1em' },
  '& :is(p, li, h1, h2, h3, h4, h5, h6, blockquote, td, th, figcaption)': { unicodeBidi: 'plaintext', textAlign: 'start' },
  '& :is(p, li, h1, h2, h3, h4, h5, h6)[style*="text-align"]': { unicodeBidi: 'isolate' },
  // Arabic letters join: no negative tracking on headings; the scale is shared with the editors
  '& :is(h1, h2, h3, h4, h5, h6)': { fontWeight: 'bold', lineHeight: '1.45', letterSpacing: 'normal', mt: '1.5em' },
  '& h1': { fontSize: ARTICLE_HEADING_SCALE.h1 },
  '& h2': { fontSize: ARTICLE_HEADING_SCALE.h2 },
  '& h3': { fontSize: ARTICLE_HEADING_SCALE.h3 },
  '& h4, & h5, & h6': { fontSize: ARTICLE_HEADING_SCALE.h4 },
  '& :is(h1, h2, h3, h4, h5, h6, .heading-anchor) + *': { marginTop: '0.6em' },
  // A linkable heading (h2–h4) sits with its '#' link in a row; the link shows on hover and on keyboard focus
  '& .heading-anchor': { display: 'flex', alignItems: 'baseline', gap: '0.4em', mt: '1.5em' },
  '& .heading-anchor > :is(h2, h3, h4)': { mt: '0', scrollMarginTop: '5rem' },
  '& .heading-link': {
    color: 'fg.muted',
    textDecoration: 'none',
    fontWeight: 'bold',
    opacity: 0,
    flexShrink: 0,
    marginTop: '0',
    rounded: 'sm',
    paddingInline: '0.2em',
  },
  '& .heading-anchor:hover .heading-link, & .heading-link:focus-visible': { opacity: 1, color: 'brand.fg' },
  '& .heading-link:focus-visible': { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
  // Arabic script has no italic: a slanted Arabic face is a synthetic distortion. Emphasis is weight; Latin text
  // marked as such keeps its italic.
  '& :is(em, i)': { fontStyle: 'normal', fontWeight: 'semibold' },
  '& :is([dir="ltr"], [lang|="en"]) :is(em, i)': { fontStyle: 'italic', fontWeight: 'inherit' },
  '& a': { color: 'brand.fg', textDecoration: 'underline', textUnderlineOffset: '3px' },
  '& ul, & ol': { paddingInlineStart: '1.5em' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  // A quotation stands out by its border, colour and size, never by slanting Arabic letters
  '& blockquote': {
    borderInlineStartWidth: '4px',
    borderColor: 'brand.solid',
    bg: 'brand.subtle',
    roundedEnd: 'md',
    paddingInline: '5',
    paddingBlock: '3',
    color: 'fg',
    fontSize: '1.1em',
    fontStyle: 'normal',
  },
  '& img': { maxWidth: '100%', height: 'auto', borderRadius: 'md', marginInline: 'auto' },
  '& iframe': { maxWidth: '100%', aspectRatio: '16 / 9', width: '100%', height: 'auto', border: 0 },
  // Tables take the full width; a wide one scrolls inside its focusable scroller (wrapTables)
  '& .table-scroll': { overflowX: 'auto', maxWidth: '100%', rounded: 'md', borderWidth: '1px', borderColor: 'border' },
  '& .table-scroll:focus-visible': { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
  '& table': { width: '100%', borderCollapse: 'collapse', fontSize: '0.95em' },
  '& td, & th': { borderWidth: '1px', borderColor: 'border', paddingInline: '3', paddingBlock: '2', verticalAlign: 'top' },
  '& tr > :first-child': { borderInlineStartWidth: '0' },
  '& tr > :last-child': { borderInlineEndWidth: '0' },
  '& tr:first-child > *': { borderTopWidth: '0' },
  '& tr:last-child > td': { borderBottomWidth: '0' },
  '& th': { bg: 'bg.muted', fontWeight: 'bold', color: 'fg', borderBottomWidth: '2px', borderBottomColor: 'border.emphasized' },
  '& tbody tr:nth-of-type(even) > td': { bg: 'bg.subtle' },
  '& :not(pre) > code': {
    direction: 'ltr',
    unicodeBidi: 'isolate',
    bg: 'bg.muted',
    px: '1.5',
    py: '0.5',
    rounded: 'sm',
    fontSize: '0.9em',
  },
  '& pre': {
    direction: 'ltr',
    textAlign: 'left',
    unicodeBidi: 'isolate',
    bg: { _light: 'gray.50', _dark: 'gray.900' },
    borderWidth: '1px',
    borderColor: 'border',
    rounded: 'lg',
    padding: '4',
    overflowX: 'auto',
    maxWidth: '100%',
    fontSize: 'sm',
    lineHeight: '1.6',
  },
  // A wide block scrolls inside itself (the server makes it focusable, so the keyboard can scroll it too)
  '& pre:focus-visible': { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
  '& pre code': { fontFamily: 'mono', whiteSpace: 'pre' },
  // highlight.js tokens, readable on both themes (contrast >= 4.5:1)
  '& .hljs-keyword, & .hljs-selector-tag, & .hljs-built_in, & .hljs-meta .hljs-keyword': { color: { _light: '#a626a4', _dark: '#d19ae8' } },
  '& .hljs-string, & .hljs-attr-value, & .hljs-regexp, & .hljs-addition': { color: { _light: '#2f6f1f', _dark: '#98c379' } },
  '& .hljs-number, & .hljs-literal, & .hljs-symbol': { color: { _light: '#a84b00', _dark: '#e5a66b' } },
  // upright: comments are often Arabic, which has no italic
  '& .hljs-comment, & .hljs-quote': { color: { _light: '#5f6570', _dark: '#9aa1ad' }, fontStyle: 'normal' },
  '& .hljs-title, & .hljs-section, & .hljs-title.function_': { color: { _light: '#2155c4', _dark: '#7cb4f5' } },
  '& .hljs-attr, & .hljs-attribute, & .hljs-variable, & .hljs-template-variable, & .hljs-property': {
    color: { _light: '#9a3412', _dark: '#f0a07a' },
  },
  '& .hljs-tag, & .hljs-name': { color: { _light: '#b4232a', _dark: '#ef7b83' } },
  '& .hljs-type, & .hljs-class .hljs-title, & .hljs-params': { color: { _light: '#7a5a00', _dark: '#e5c07b' } },
  '& .hljs-deletion': { color: { _light: '#b4232a', _dark: '#ef7b83' } },
  // Formulas (MathML made on the server): left to right inside right-to-left text (the math carries dir="ltr"), a
  // block one centred on its own line and scrolling inside itself when wider than a phone; bad TeX shown as code
  // with a wavy underline and the message in its title.
  '& math': { direction: 'ltr', fontFamily: 'math', fontSize: '1.05em' },
  '& .math-block': { overflowX: 'auto', overflowY: 'hidden', paddingBlock: '1', textAlign: 'center' },
  '& .math-error > code': { color: 'fg.error', textDecoration: 'underline wavy', textDecorationColor: 'border.error' },
  // Footnotes: a bold number to tap, the notes at the end under a rule, each with its way back first (the arrow
  // follows the note's direction in the text itself); the note or reference jumped to is marked, clear of the header.
  '& sup > a[role="doc-noteref"]': { fontWeight: 'bold', textDecoration: 'none', paddingInline: '0.15em' },
  '& .footnotes': { borderTopWidth: '1px', borderColor: 'border', marginTop: '2.5em', paddingTop: '1em', fontSize: '0.9em' },
  '& .footnotes li > a[role="doc-backlink"]': { float: 'inline-start', marginInlineEnd: '0.5em', textDecoration: 'none' },
  '& :is([id^="fn-"], [id^="fnref-"])': { scrollMarginTop: '5rem' },
  '& :is([id^="fn-"], [id^="fnref-"]):target': { bg: 'brand.subtle', rounded: 'sm' },
} as const;

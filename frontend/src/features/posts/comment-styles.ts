import type { SystemConfig } from '@chakra-ui/react';

/**
 * The looks of what every post page has under its comments (the form, the notes the form without JavaScript comes back
 * to), as global styles of the theme (app/theme.ts) on a few class names instead of Chakra
 * components. The form is on every post page: as components, their recipes put about 27 rules (8.6 KB) into each
 * stored page's inline CSS and a quarter more CPU into each render (bench/results/issue-24.md). As global styles they
 * are in the one stylesheet every page shares (cached once by the browser, written at build time), and a page's
 * render only writes class names. What is shown only after a script ran (the reply note, the messages) stays
 * Chakra components: it is never in a stored page.
 */
const MD = '@media screen and (min-width: 48rem)';

export const commentCss: NonNullable<SystemConfig['globalCss']> = {
  '.comments': { scrollMarginTop: '20' },
  '.comment-form-box': {
    scrollMarginTop: '20', // CommentItem's ANCHOR_MARGIN
    mt: '8',
    p: '4',
    rounded: 'xl',
    borderWidth: '1px',
    borderColor: 'border',
    bg: 'card',
    [MD]: { p: '6' },
  },
  '.comment-form-box h3': { fontSize: 'lg', lineHeight: '1.75rem', fontWeight: 'semibold' },
  '.comment-form-intro': { fontSize: 'sm', color: 'fg.muted', mt: '1' },
  '.comment-form': { display: 'flex', flexDirection: 'column', gap: '4', mt: '5' },
  '.comment-form-row': { display: 'flex', flexDirection: 'column', gap: '4', [MD]: { flexDirection: 'row' } },
  '.comment-field': { display: 'flex', flexDirection: 'column', gap: '1.5', flex: '1', minWidth: '0' },
  '.comment-field label': { fontSize: 'sm', fontWeight: 'medium' },
  '.comment-field .required': { color: 'fg.error', marginInlineStart: '1' },
  '.comment-field small': { fontSize: 'xs', color: 'fg.muted' },
  // 16 px text in the fields: a phone's browser zooms into any smaller field it focuses.
  '.comment-field input, .comment-field textarea': {
    width: '100%',
    px: '3',
    fontSize: 'md',
    bg: 'bg',
    color: 'fg',
    borderWidth: '1px',
    borderColor: 'border',
    rounded: 'l2',
    outline: '0',
  },
  '.comment-field input': { height: '10' },
  '.comment-field textarea': { py: '2', lineHeight: '1.9', resize: 'vertical' },
  '.comment-field input:focus-visible, .comment-field textarea:focus-visible': {
    borderColor: 'brand.solid',
    outline: '1px solid',
    outlineColor: 'brand.solid',
  },
  '.comment-notify': { display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', cursor: 'pointer', width: 'fit-content' },
  '.comment-notify input': { boxSize: '4', accentColor: 'brand.solid' },
  '.comment-submit': {
    alignSelf: 'flex-start',
    minHeight: '10',
    px: '4',
    rounded: 'l2',
    fontSize: 'sm',
    fontWeight: 'medium',
    bg: 'blue.solid',
    color: 'blue.contrast',
    cursor: 'pointer',
    _hover: { bg: 'blue.solid/90' },
    _disabled: { opacity: '0.5', cursor: 'not-allowed' },
  },
  '.comment-submit:focus-visible': { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
  // A note shown only when the address names it (`#comment-published`, `#comment-held`): CSS :target, no script.
  '.comment-note': {
    display: 'none',
    scrollMarginTop: '20', // CommentItem's ANCHOR_MARGIN
    mt: '8',
    px: '4',
    py: '3',
    rounded: 'md',
    fontWeight: 'medium',
    bg: 'brand.subtle',
    color: 'brand.fg',
  },
  '.comment-note:target': { display: 'block' },
  '.comment-note.success': { bg: 'green.subtle', color: 'green.fg' },
  '.comment-honeypot': {
    position: 'absolute',
    width: '1px',
    height: '1px',
    padding: '0',
    margin: '-1px',
    overflow: 'hidden',
    clip: 'rect(0, 0, 0, 0)',
    whiteSpace: 'nowrap',
    borderWidth: '0',
  },
};

import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';
import { commentCss } from '@/features/posts/comment-styles';

const FONT = "'IBM Plex Sans Arabic', system-ui, -apple-system, 'Segoe UI', Tahoma, sans-serif";

/** Chakra design system of the blog: self-hosted Arabic font, a blue brand palette, readable article typography. */
const config = defineConfig({
  // The `dark` class on <html> (set by the pre-paint script) drives every _dark style.
  conditions: { dark: '.dark &', light: 'html:not(.dark) &' },
  globalCss: {
    html: { colorPalette: 'gray', scrollBehavior: 'smooth' },
    'html.dark': { colorScheme: 'dark' },
    body: { bg: 'bg', color: 'fg', fontFamily: 'body', lineHeight: '1.7' },
    // Theme-dependent icons: both are in the HTML, CSS shows the right one (no hydration mismatch, no flash).
    'html.dark .icon-when-light, html:not(.dark) .icon-when-dark': { display: 'none' },
    '.skip-link': {
      position: 'absolute',
      insetInlineStart: '2',
      top: '-20',
      zIndex: 'skipLink',
      bg: 'bg',
      color: 'fg',
      px: '3',
      py: '2',
      rounded: 'md',
      borderWidth: '1px',
    },
    '.skip-link:focus': { top: '2' },
    // A card's title link covers the whole card (its nearest positioned ancestor): a click anywhere on it opens the post
    '.card-link::after': { content: '""', position: 'absolute', inset: '0' },
    'pre, code, kbd, samp': { fontFamily: 'mono', direction: 'ltr', unicodeBidi: 'isolate' },
    ...commentCss,
  },
  theme: {
    // Arabic letters join: the default negative tracking of the large text styles pulls them into each other.
    textStyles: {
      '4xl': { value: { fontSize: '4xl', lineHeight: '1.35', letterSpacing: 'normal' } },
      '5xl': { value: { fontSize: '5xl', lineHeight: '1.3', letterSpacing: 'normal' } },
      '6xl': { value: { fontSize: '6xl', lineHeight: '1.25', letterSpacing: 'normal' } },
      '7xl': { value: { fontSize: '7xl', lineHeight: '1.2', letterSpacing: 'normal' } },
    },
    tokens: {
      fonts: {
        heading: { value: FONT },
        body: { value: FONT },
        mono: { value: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace" },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: { _light: '{colors.blue.700}', _dark: '{colors.blue.300}' } },
          fg: { value: { _light: '{colors.blue.700}', _dark: '{colors.blue.300}' } },
          subtle: { value: { _light: '{colors.blue.50}', _dark: '{colors.blue.950}' } },
        },
        card: { value: { _light: '{colors.white}', _dark: '{colors.gray.900}' } },
        // Chakra's light solid buttons are the 600 shade, and hovered they show it at 90% over white: white text on a
        // hovered blue button is 4.4:1 and on a red one 4.2:1, under WCAG's 4.5 (axe caught it on the token copy
        // button, still under the pointer after its click). The 700 shade keeps both states above 5.5:1.
        blue: { solid: { value: { _light: '{colors.blue.700}', _dark: '{colors.blue.600}' } } },
        red: { solid: { value: { _light: '{colors.red.700}', _dark: '{colors.red.600}' } } },
      },
    },
  },
});

/**
 * Chakra's default global styles give every element (`*`) 25 custom properties (the parts of its ring, filter and
 * backdrop-filter utilities, the border colour, the fonts) and `font-feature-settings: "cv11"` (a feature of Inter;
 * IBM Plex Sans Arabic has none). Custom properties inherit, so declared once on html every element gets the same
 * values without resolving 25 properties of its own (some through var()): the browser's style recalculation of the
 * home page takes about 40% less time (docs/decisions/005). The only difference: under an element that sets one of
 * them (Chakra's `ring`, `filter="auto"`, `backdropFilter="auto"` utilities, which this app does not use) descendants
 * inherit its value instead of starting from the default.
 */
const { '*': everyElement = {}, html = {}, ...restOfGlobalCss } = defaultConfig.globalCss ?? {};
const inheritedEverywhere = Object.fromEntries(Object.entries(everyElement).filter(([property]) => property.startsWith('--')));
const baseConfig = { ...defaultConfig, globalCss: { html: { ...inheritedEverywhere, ...html }, ...restOfGlobalCss } };

export const system = createSystem(baseConfig, config);

/**
 * What the app renders with. The global styles (tokens as CSS variables, the reset, globalCss: about 55 KB, the same on
 * every page) are a static, cached stylesheet written at build time (build/global-css.ts), so a built page inlines only
 * the rules of the components it shows. The Vite dev server has no such file: there Chakra inserts them as usual.
 */
export const renderSystem: typeof system = import.meta.env.DEV ? system : { ...system, _global: [] };

import { createRequire } from 'node:module';
import { SHARE_IMAGE_SIZE } from '@mudawwana/rules';

/**
 * How a share image looks (docs/decisions/027-share-images.md): the site's dark theme (frontend/src/app/theme.ts,
 * Chakra's colours), its font, and where each line of text goes. One place, read by the renderer and by the test
 * that renders the same title in Chromium to compare. A change here that readers would see raises
 * SHARE_IMAGE_DESIGN in @mudawwana/rules, so every image is made anew.
 */

const fonts = createRequire(__filename);

/**
 * IBM Plex Sans Arabic, the site's own font, as TrueType files (pango reads TTF/OTF, not the WOFF2 the pages use),
 * from the npm package Expo generates from Google Fonts: no system font needed, in the Docker image or a fresh clone.
 */
export const SHARE_CARD_FONTS = {
  family: 'IBM Plex Sans Arabic',
  bold: fonts.resolve('@expo-google-fonts/ibm-plex-sans-arabic/700Bold/IBMPlexSansArabic_700Bold.ttf'),
  regular: fonts.resolve('@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf'),
} as const;

/** The dark theme's colours (Chakra v3 tokens, as theme.ts names them). */
export const SHARE_CARD_COLOURS = {
  /** brand.subtle in the dark theme: blue.950 */
  background: '#0c142e',
  /** fg in the dark theme: gray.50 */
  title: '#fafafa',
  /** brand.fg in the dark theme: blue.300 */
  blogName: '#a3cfff',
  /** gray.300: the byline, quieter than the title */
  byline: '#d4d4d8',
  /** brand.solid in the dark theme: blue.300, the bar along the bottom edge */
  accent: '#a3cfff',
} as const;

/** The background's colour laid over a cover, at this opacity: the cover shows, the text stays readable on it. */
export const COVER_SHADE = 0.78;

const { width, height } = SHARE_IMAGE_SIZE;
/** The margin on every side. */
const MARGIN = 80;

export const SHARE_CARD_LAYOUT = {
  width,
  height,
  margin: MARGIN,
  /** The width every line of text wraps at. */
  textWidth: width - 2 * MARGIN,
  /** The title: bold, at most three lines, each line 86 px below the one before (line-height 1.35 in CSS terms). */
  title: { size: 64, lineHeight: 86, maxLines: 3, top: 150, bottom: 500 },
  /** The blog's name at the top. */
  blogName: { size: 34, top: MARGIN - 8 },
  /** Author and date at the bottom. */
  byline: { size: 30, bottom: height - MARGIN },
  /** The accent bar along the bottom edge. */
  accentHeight: 12,
} as const;

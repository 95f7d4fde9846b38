/** The colours of a hero drawn in the author's colour (home layout heroBgColor, a #rgb or #rrggbb hex). */
export interface HeroColours {
  light: { background: string; text: string };
  dark: { background: string; text: string };
}

type Rgb = [number, number, number];

const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [17, 24, 39]; // gray.900: text on light colours
/** The dark theme's page background (black): the author's colour is deepened towards it so it does not glare. */
const NIGHT: Rgb = [9, 9, 11];
const DARK_THEME_SHARE = 0.72;

function parseHex(hex: string): Rgb | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join('') : match[1]!;
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** White or ink, whichever reads better on the colour. */
function textOn(background: Rgb): Rgb {
  return contrast(WHITE, background) >= contrast(INK, background) ? WHITE : INK;
}

const mix = (a: Rgb, b: Rgb, share: number): Rgb => a.map((c, i) => c * share + b[i]! * (1 - share)) as Rgb;

/**
 * The author's colour as is in the light theme, deepened towards the page's black in the dark theme; the text on
 * each in white or ink, whichever has the better contrast. Null for a value that is not a hex colour.
 */
export function heroColours(hex: string): HeroColours | null {
  const colour = parseHex(hex);
  if (!colour) return null;
  const night = mix(colour, NIGHT, DARK_THEME_SHARE);
  return {
    light: { background: toHex(colour), text: toHex(textOn(colour)) },
    dark: { background: toHex(night), text: toHex(textOn(night)) },
  };
}

import sharp from 'sharp';

/**
 * Text drawn by libvips' text operation, which sharp bundles with pango, HarfBuzz and FriBiDi: letters joined and
 * shaped (HarfBuzz), a line of mixed Arabic, Latin and digits put in display order by the Unicode bidirectional
 * algorithm (FriBiDi), lines broken between words (pango). Satori, which many blogs draw their share images with,
 * has none of the right-to-left part (docs/decisions/027-share-images.md).
 */

/** Right-to-left mark: the paragraph's direction is set by it, not by the title's first letter (`Rust للمبتدئين`). */
const RTL_MARK = '\u200f';

export interface TextStyle {
  fontfile: string;
  /** A pango font description: family, weight, size in pixels ('IBM Plex Sans Arabic Bold 64'). */
  font: string;
  colour: string;
  /** The width lines wrap at, in pixels. */
  width: number;
  /** The distance from one line's baseline to the next, in pixels (pango's default from the font when absent). */
  lineHeight?: number;
}

/** A drawn text, cut to its ink (libvips crops the picture to the pixels the glyphs cover). */
export interface DrawnText {
  png: Buffer;
  width: number;
  height: number;
}

/** `&`, `<`, `>` and quotes written as pango markup's entities, so a title is text and never markup. */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * Draws `text` right to left in `style`, wrapped at word boundaries, each line starting on the right (pango swaps
 * "left" for a right-to-left paragraph: it means the start). `spacing` adds that many pixels between lines
 * (measureLines uses it).
 */
export async function drawText(text: string, style: TextStyle, spacing = 0): Promise<DrawnText> {
  const lineHeight = style.lineHeight ? ` line_height="${Math.round(style.lineHeight * 1024)}"` : '';
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${style.colour}"${lineHeight}>${RTL_MARK}${escapeMarkup(text)}</span>`,
      font: style.font,
      fontfile: style.fontfile,
      // 72 dpi: a point is a pixel, so sizes read as CSS pixels.
      dpi: 72,
      rgba: true,
      width: style.width,
      align: 'left',
      wrap: 'word',
      spacing,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

/** The extra spacing measureLines draws with: any count of pixels taller than a line's ink could vary by. */
const PROBE_SPACING = 200;

/**
 * How many lines `text` takes in `style`. The picture is cut to its ink, so its height alone does not tell (a line
 * of short letters is lower than one with alef and descenders); drawn again with PROBE_SPACING pixels more between
 * lines, it grows by exactly that for every line after the first.
 */
export async function measureLines(text: string, style: TextStyle): Promise<number> {
  const [tight, spaced] = await Promise.all([drawText(text, style), drawText(text, style, PROBE_SPACING)]);
  return 1 + Math.round((spaced.height - tight.height) / PROBE_SPACING);
}

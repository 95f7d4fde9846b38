import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { COVER_SHADE, SHARE_CARD_COLOURS, SHARE_CARD_FONTS, SHARE_CARD_LAYOUT } from './share-card-design';
import { fitTitle } from './fit-title';
import { drawText, type DrawnText, type TextStyle } from './pango-text';

/** What one share image shows, ready to draw (the date already written as readers read it). */
export interface ShareCard {
  title: string;
  blogName: string;
  /** Author and date; null for none (the home page's image). */
  byline: string | null;
  /** The cover's bytes (any format sharp reads), drawn darkened behind everything; null for none. */
  cover: Buffer | null;
}

const { width, height, margin, textWidth, title, blogName, byline, accentHeight } = SHARE_CARD_LAYOUT;

/** The title's style, the one the comparison with Chromium draws it in too. */
export const TITLE_STYLE: TextStyle = {
  fontfile: SHARE_CARD_FONTS.bold,
  font: `${SHARE_CARD_FONTS.family} Bold ${title.size}`,
  colour: SHARE_CARD_COLOURS.title,
  width: textWidth,
  lineHeight: title.lineHeight,
};

const BLOG_NAME_STYLE: TextStyle = {
  fontfile: SHARE_CARD_FONTS.bold,
  font: `${SHARE_CARD_FONTS.family} Bold ${blogName.size}`,
  colour: SHARE_CARD_COLOURS.blogName,
  width: textWidth,
};

const BYLINE_STYLE: TextStyle = {
  fontfile: SHARE_CARD_FONTS.regular,
  font: `${SHARE_CARD_FONTS.family} ${byline.size}`,
  colour: SHARE_CARD_COLOURS.byline,
  width: textWidth,
};

/** Where the title's ink goes: its right edge on the margin, centred in the band between the name and the byline. */
export function titlePlace(drawn: Pick<DrawnText, 'width' | 'height'>): { left: number; top: number } {
  return { left: width - margin - drawn.width, top: Math.round(title.top + (title.bottom - title.top - drawn.height) / 2) };
}

/** The background: the cover filling the card under the theme's background colour at COVER_SHADE, or that colour. */
async function background(cover: Buffer | null): Promise<Sharp> {
  const plain = sharp({ create: { width, height, channels: 3, background: SHARE_CARD_COLOURS.background } });
  if (!cover) return plain;
  // Flattened here: a later composite() (the text's) replaces an earlier one rather than adding to it.
  const filled = await sharp(cover).rotate().resize(width, height, { fit: 'cover', position: 'attention' }).removeAlpha().png().toBuffer();
  const shade = await sharp({
    create: { width, height, channels: 4, background: { ...hexColour(SHARE_CARD_COLOURS.background), alpha: COVER_SHADE } },
  })
    .png()
    .toBuffer();
  return sharp(
    await sharp(filled)
      .composite([{ input: shade }])
      .png()
      .toBuffer(),
  );
}

function hexColour(hex: string): { r: number; g: number; b: number } {
  const value = Number.parseInt(hex.slice(1), 16);
  return { r: value >> 16, g: (value >> 8) & 0xff, b: value & 0xff };
}

/** The title as drawn on the card: fitted to its three lines (an ellipsis after the last word that fits). */
export async function drawTitle(text: string): Promise<DrawnText> {
  return drawText(await fitTitle(text, TITLE_STYLE, title.maxLines), TITLE_STYLE);
}

/**
 * The share image (1200×630 PNG): the blog's name at the top, the title in the middle, the byline at the bottom, all
 * from the right edge, and an accent bar along the bottom. libvips does the work on libuv's thread pool, so the
 * event loop only waits for it; ShareImages bounds how many are made at once.
 */
export async function renderShareCard(card: ShareCard): Promise<Buffer> {
  const [name, drawnTitle, drawnByline, base] = await Promise.all([
    drawText(card.blogName, BLOG_NAME_STYLE),
    drawTitle(card.title),
    card.byline ? drawText(card.byline, BYLINE_STYLE) : undefined,
    background(card.cover),
  ]);
  const layers: OverlayOptions[] = [
    { input: name.png, left: width - margin - name.width, top: blogName.top },
    { input: drawnTitle.png, ...titlePlace(drawnTitle) },
    {
      input: { create: { width, height: accentHeight, channels: 3, background: SHARE_CARD_COLOURS.accent } },
      left: 0,
      top: height - accentHeight,
    },
  ];
  if (drawnByline)
    layers.push({ input: drawnByline.png, left: width - margin - drawnByline.width, top: byline.bottom - drawnByline.height });
  const flat = await base.composite(layers).png().toBuffer();
  // A palette of 256 colours with dithering: a third of the bytes of a full-colour PNG, the text's edges unharmed.
  return sharp(flat).png({ palette: true, quality: 90, effort: 7, compressionLevel: 9 }).toBuffer();
}

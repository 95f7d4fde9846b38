import sharp from 'sharp';
import { IMAGE_VARIANT_FORMATS, IMAGE_VARIANT_WIDTHS, imageVariantUrl } from '@mudawwana/rules';

export interface ImageVariant {
  /** File name next to the original's, e.g. `ab12-960.avif`. */
  name: string;
  bytes: Buffer;
}

/**
 * The resized AVIF and WebP copies of a stored (already re-encoded) image; the caller writes them wherever it stores
 * the original. Widths are capped at the original's (never enlarged). Animated images get none.
 */
export async function imageVariants(name: string, original: Buffer): Promise<ImageVariant[]> {
  const metadata = await sharp(original).metadata();
  if ((metadata.pages ?? 1) > 1 || metadata.format === 'gif') return [];
  const variants: ImageVariant[] = [];
  for (const width of IMAGE_VARIANT_WIDTHS) {
    const resized = sharp(original).resize({ width, withoutEnlargement: true });
    for (const format of IMAGE_VARIANT_FORMATS) {
      // Effort 2 keeps an upload of a large photo within a second or two on a small server; the size gain beyond is small.
      const encoder = format === 'avif' ? resized.clone().avif({ quality: 55, effort: 2 }) : resized.clone().webp({ quality: 75 });
      variants.push({ name: imageVariantUrl(name, width, format), bytes: await encoder.toBuffer() });
    }
  }
  return variants;
}

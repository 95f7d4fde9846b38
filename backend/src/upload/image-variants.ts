import sharp from 'sharp';
import { IMAGE_VARIANT_FORMATS, IMAGE_VARIANT_WIDTHS, type ImageVariantFormat, imageVariantUrl } from '@mudawwana/rules';

export interface ImageVariant {
  /** File name next to the original's, e.g. `ab12-960.avif`. */
  name: string;
  bytes: Buffer;
}

/** Animated images keep only their original (a still variant would lose the animation). */
export async function mayHaveVariants(original: Buffer): Promise<boolean> {
  const metadata = await sharp(original).metadata();
  return (metadata.pages ?? 1) === 1 && metadata.format !== 'gif';
}

/** One resized copy of a stored (already re-encoded) image, never wider than the original. */
export function imageVariant(original: Buffer, width: number, format: ImageVariantFormat): Promise<Buffer> {
  const resized = sharp(original).resize({ width, withoutEnlargement: true });
  // Effort 2 keeps an upload of a large photo within a second or two on a small server; the size gain beyond is small.
  return (format === 'avif' ? resized.avif({ quality: 55, effort: 2 }) : resized.webp({ quality: 75 })).toBuffer();
}

/**
 * The resized AVIF and WebP copies of a stored image; the caller writes them wherever it stores the original.
 * Animated images get none.
 */
export async function imageVariants(name: string, original: Buffer): Promise<ImageVariant[]> {
  if (!(await mayHaveVariants(original))) return [];
  const variants: ImageVariant[] = [];
  for (const width of IMAGE_VARIANT_WIDTHS) {
    for (const format of IMAGE_VARIANT_FORMATS) {
      variants.push({ name: imageVariantUrl(name, width, format), bytes: await imageVariant(original, width, format) });
    }
  }
  return variants;
}

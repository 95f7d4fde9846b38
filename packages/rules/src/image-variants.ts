/**
 * Resized copies of an uploaded image, written next to it at upload time (docs/decisions/005):
 * `/uploads/<name>.<ext>` has `/uploads/<name>-<width>.<format>` for every width and format below. A copy is never
 * wider than the original (a small original's "1600" copy keeps its own size), so every name always exists and pages
 * can list them without knowing the original's size. Animated GIFs keep only the original.
 */
export const IMAGE_VARIANT_WIDTHS = [480, 720, 960, 1600] as const;
export const IMAGE_VARIANT_FORMATS = ['avif', 'webp'] as const;
export type ImageVariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number];

const UPLOAD = /^(\/uploads\/[0-9a-f]+)\.(jpg|png|webp|avif)$/;

/** Whether an image URL is an upload that has variants. */
export function hasImageVariants(url: string): boolean {
  return UPLOAD.test(url);
}

/** The URL (or file name, for a bare name) of one variant of an upload. */
export function imageVariantUrl(url: string, width: number, format: ImageVariantFormat): string {
  return url.replace(/\.[a-z]+$/, `-${width}.${format}`);
}

/** `srcset` of one format: every width with its descriptor. */
export function imageVariantSrcset(url: string, format: ImageVariantFormat): string {
  return IMAGE_VARIANT_WIDTHS.map((width) => `${imageVariantUrl(url, width, format)} ${width}w`).join(', ');
}

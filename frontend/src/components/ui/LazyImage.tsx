import { Box, type BoxProps } from '@chakra-ui/react';
import { hasImageVariants, IMAGE_VARIANT_FORMATS, imageVariantSrcset } from '@mudawwana/rules';

/**
 * How wide an image is drawn, for the browser's choice among the variants: Chromium takes the narrowest file at least
 * `width × device pixel ratio` wide. On a phone an image spans the page less the container's 1rem padding each side
 * (`100vw` overstated it by 32 px). A 412 px phone at 1.75 dppx (Lighthouse's) needs 665 px and takes the 720 px
 * file; the 480 px file serves widths up to 274 px at that ratio (docs/decisions/005).
 */
export const IMAGE_SIZES = {
  /** A card in the 1/2/3-column grids of the home and category pages. */
  card: '(min-width: 1024px) 360px, (min-width: 640px) calc(50vw - 2rem), calc(100vw - 2rem)',
  /** The featured card on the home page (half of the 6xl container from md up). */
  featured: '(min-width: 768px) 560px, calc(100vw - 2rem)',
  /** The post's own image across the 3xl article column. */
  article: '(min-width: 800px) 768px, calc(100vw - 2rem)',
} as const;

interface LazyImageProps extends Omit<BoxProps, 'children'> {
  src: string;
  alt: string;
  /** How wide it is drawn (IMAGE_SIZES). */
  sizes: string;
  /** The page's main image (LCP): load at once and first. Others load when the reader scrolls near them. */
  eager?: boolean;
}

/**
 * An image in a box that keeps its aspect ratio (nothing shifts while it loads, the box's colour is the placeholder).
 * Works without JavaScript: the browser loads it lazily by itself (`loading="lazy"`) and picks the AVIF or WebP
 * variant of an upload that fits the screen (docs/decisions/005).
 */
export function LazyImage({ src, alt, sizes, eager, aspectRatio = 16 / 9, ...box }: LazyImageProps) {
  const variants = hasImageVariants(src);
  const ratio = typeof aspectRatio === 'number' ? aspectRatio : 16 / 9;
  const image = (
    <img
      src={src}
      alt={alt}
      // Intrinsic size hints for the ratio; CSS sizes the image to its box.
      width={1600}
      height={Math.round(1600 / ratio)}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding={eager ? 'sync' : 'async'}
      style={{ width: '100%', height: '100%', objectFit: 'cover' }}
    />
  );
  return (
    <Box position="relative" overflow="hidden" bg="bg.muted" aspectRatio={aspectRatio} {...box} data-testid="lazy-image">
      {variants ? (
        <picture>
          {IMAGE_VARIANT_FORMATS.map((format) => (
            <source key={format} type={`image/${format}`} srcSet={imageVariantSrcset(src, format)} sizes={sizes} />
          ))}
          {image}
        </picture>
      ) : (
        image
      )}
    </Box>
  );
}

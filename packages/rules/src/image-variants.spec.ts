import { describe, expect, it } from 'vitest';
import { hasImageVariants, imageVariantSrcset, imageVariantUrl } from './image-variants.js';

describe('image variants', () => {
  it('names each variant after the upload, its width and its format', () => {
    expect(imageVariantUrl('/uploads/ab12.jpg', 480, 'avif')).toBe('/uploads/ab12-480.avif');
    expect(imageVariantUrl('ab12.png', 1600, 'webp')).toBe('ab12-1600.webp');
  });

  it('lists every width in a srcset', () => {
    expect(imageVariantSrcset('/uploads/ab12.jpg', 'webp')).toBe(
      '/uploads/ab12-480.webp 480w, /uploads/ab12-720.webp 720w, /uploads/ab12-960.webp 960w, /uploads/ab12-1600.webp 1600w',
    );
  });

  it('knows which URLs have variants: uploads, not GIFs, not other sites, not variants themselves', () => {
    expect(hasImageVariants('/uploads/0f3a.jpg')).toBe(true);
    expect(hasImageVariants('/uploads/0f3a.gif')).toBe(false);
    expect(hasImageVariants('https://example.com/uploads/0f3a.jpg')).toBe(false);
    expect(hasImageVariants('/uploads/0f3a-480.webp')).toBe(false);
  });
});

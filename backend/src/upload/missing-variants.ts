import { IMAGE_VARIANT_FORMATS, IMAGE_VARIANT_WIDTHS, type ImageVariantFormat } from '@mudawwana/rules';
import { imageVariant, mayHaveVariants } from './image-variants';
import { contentTypeOf, readUpload, type UploadStorage } from './storage';

/** `<name>-<width>.<format>`: the name of one variant (see imageVariantUrl). */
const VARIANT_KEY = /^([0-9a-f]+)-(\d+)\.(avif|webp)$/;
/** The formats an original may be stored in (upload.service). */
const ORIGINAL_EXTENSIONS = ['jpg', 'png', 'webp', 'avif'] as const;

/**
 * Writes a variant that pages ask for and storage lacks: an upload stored before its width existed (a width added to
 * IMAGE_VARIANT_WIDTHS, or a blog restored from an older backup). Pages list every width of every upload, and a
 * browser that picks a missing file from a `srcset` shows no image at all, so the first request makes it, from the
 * original, and later ones read it. Only a listed width and format of an existing original: a request can cost at
 * most one resize of a file the author uploaded, once. Each key is made once at a time in this process.
 */
export class MissingVariants {
  private readonly making = new Map<string, Promise<boolean>>();

  constructor(private readonly storage: UploadStorage) {}

  /** Whether `key` is now stored: true when it was made, false when it is no variant of a stored original. */
  make(key: string): Promise<boolean> {
    let made = this.making.get(key);
    if (!made) {
      made = this.write(key).finally(() => this.making.delete(key));
      this.making.set(key, made);
    }
    return made;
  }

  private async write(key: string): Promise<boolean> {
    const match = VARIANT_KEY.exec(key);
    if (!match) return false;
    const [, name, width, format] = match;
    if (!(IMAGE_VARIANT_WIDTHS as readonly number[]).includes(Number(width))) return false;
    if (!(IMAGE_VARIANT_FORMATS as readonly string[]).includes(format)) return false;
    for (const extension of ORIGINAL_EXTENSIONS) {
      const original = await readUpload(this.storage, `${name}.${extension}`);
      if (!original) continue;
      if (!(await mayHaveVariants(original))) return false;
      await this.storage.put(key, await imageVariant(original, Number(width), format as ImageVariantFormat), contentTypeOf(key));
      return true;
    }
    return false;
  }
}

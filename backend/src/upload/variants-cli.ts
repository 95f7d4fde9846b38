import 'dotenv/config';
import { hasImageVariants, IMAGE_VARIANT_FORMATS, IMAGE_VARIANT_WIDTHS, imageVariantUrl } from '@mudawwana/rules';
import { ConfigError, loadConfig } from '../config/app-config';
import { createUploadStorage } from './create-storage';
import { imageVariants } from './image-variants';
import { contentTypeOf, readUpload } from './storage';

/**
 * `npm run images:variants`: writes the resized variants of uploads stored before variants existed (idempotent),
 * in the configured storage (DATA_DIR/uploads or the S3 bucket).
 */
async function main(): Promise<void> {
  const storage = await createUploadStorage(loadConfig());
  try {
    const keys = new Set<string>();
    for await (const key of storage.list()) keys.add(key);
    let written = 0;
    for (const key of keys) {
      if (!hasImageVariants(`/uploads/${key}`)) continue;
      const names = IMAGE_VARIANT_WIDTHS.flatMap((width) => IMAGE_VARIANT_FORMATS.map((format) => imageVariantUrl(key, width, format)));
      if (names.every((name) => keys.has(name))) continue;
      const original = await readUpload(storage, key);
      if (!original) continue;
      for (const variant of await imageVariants(key, original)) await storage.put(variant.name, variant.bytes, contentTypeOf(variant.name));
      written += 1;
    }
    console.log(`Wrote variants for ${written} upload(s) in ${storage.description}.`);
  } finally {
    await storage.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `mudawwana: ${error.message}` : error);
  process.exit(1);
});

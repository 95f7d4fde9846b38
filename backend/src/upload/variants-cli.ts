import 'dotenv/config';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hasImageVariants, IMAGE_VARIANT_FORMATS, IMAGE_VARIANT_WIDTHS, imageVariantUrl } from '../common/rules/image-variants';
import { ConfigError, loadConfig } from '../config/app-config';
import { imageVariants } from './image-variants';

/** `npm run images:variants`: writes the resized variants of uploads stored before variants existed (idempotent). */
async function main(): Promise<void> {
  const { uploadsDir } = loadConfig();
  let written = 0;
  for (const file of await readdir(uploadsDir)) {
    if (!hasImageVariants(`/uploads/${file}`)) continue;
    const names = IMAGE_VARIANT_WIDTHS.flatMap((width) => IMAGE_VARIANT_FORMATS.map((format) => imageVariantUrl(file, width, format)));
    if (names.every((name) => existsSync(join(uploadsDir, name)))) continue;
    for (const variant of await imageVariants(file, await readFile(join(uploadsDir, file)))) {
      await writeFile(join(uploadsDir, variant.name), variant.bytes);
    }
    written += 1;
  }
  console.log(`Wrote variants for ${written} upload(s) in ${uploadsDir}.`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `mudawwana: ${error.message}` : error);
  process.exit(1);
});

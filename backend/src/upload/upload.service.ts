import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { FormatEnum } from 'sharp';
import { DomainError } from '../common/domain-error';
import { APP_CONFIG, AppConfig } from '../config/app-config';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Formats accepted, by what sharp finds in the bytes (never the file name or the declared type). SVG is not: it can carry script. */
const OUTPUT_FORMATS: Record<string, { format: keyof FormatEnum | 'avif'; extension: string }> = {
  jpeg: { format: 'jpeg', extension: 'jpg' },
  png: { format: 'png', extension: 'png' },
  gif: { format: 'gif', extension: 'gif' },
  webp: { format: 'webp', extension: 'webp' },
  avif: { format: 'avif', extension: 'avif' },
};

const notAnImage = () =>
  new DomainError('NOT_AN_IMAGE', 'The file is not a supported image (JPEG, PNG, GIF, WebP or AVIF)', HttpStatus.BAD_REQUEST);

@Injectable()
export class UploadService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * Checks that the bytes are an image, re-encodes it in its own format (which drops EXIF metadata such as
   * GPS position, after applying the orientation), and stores it under a random name.
   */
  async storeImage(file: Buffer): Promise<string> {
    const metadata = await sharp(file)
      .metadata()
      .catch(() => {
        throw notAnImage();
      });
    const formatName = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
    const output = formatName ? OUTPUT_FORMATS[String(formatName)] : undefined;
    if (!output) throw notAnImage();

    const animated = (metadata.pages ?? 1) > 1;
    let pipeline = sharp(file, { animated, failOn: 'error' });
    if (!animated && metadata.orientation && metadata.orientation > 1) pipeline = pipeline.rotate();
    const encoded = await pipeline
      .toFormat(output.format)
      .toBuffer()
      .catch(() => {
        throw notAnImage();
      });

    const name = `${randomBytes(16).toString('hex')}.${output.extension}`;
    await writeFile(join(this.config.uploadsDir, name), encoded);
    return `/uploads/${name}`;
  }
}

import { HttpStatus, Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import sharp, { FormatEnum } from 'sharp';
import { DomainError } from '../common/domain-error';
import { DomainEvents } from '../common/domain-events';
import { httpError } from '../common/error-body';
import { AbandonedUploads } from './abandoned-uploads';
import { imageVariants } from './image-variants';
import { contentTypeOf, STORAGE_UNAVAILABLE, UPLOAD_STORAGE, UploadStorage } from './storage';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Decoding cost grows with pixels, not bytes: a 31 KB PNG can hold 256 megapixels. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Stored originals are at most this wide and high: larger is never shown and only costs storage and bandwidth. */
export const MAX_STORED_SIDE = 2560;

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
export class UploadService implements OnModuleDestroy {
  private readonly logger = new Logger('Upload');
  private readonly abandoned: AbandonedUploads;

  constructor(
    @Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage,
    private readonly events: DomainEvents,
  ) {
    this.abandoned = new AbandonedUploads(storage);
  }

  onModuleDestroy(): void {
    this.abandoned.stop();
  }

  /**
   * Checks that the bytes are an image of at most MAX_IMAGE_PIXELS, re-encodes it in its own format (which drops
   * EXIF metadata such as GPS position, after applying the orientation) no larger than MAX_STORED_SIDE on either
   * side, and stores it under a random name with its resized variants. (metadata() reads the header only, so the pixel check costs nothing.)
   */
  async storeImage(file: Buffer): Promise<string> {
    if (file.length === 0) throw new DomainError('IMAGE_EMPTY', 'The file is empty', HttpStatus.BAD_REQUEST);
    const metadata = await sharp(file, { limitInputPixels: false })
      .metadata()
      .catch(() => {
        throw notAnImage();
      });
    const formatName = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
    const output = formatName ? OUTPUT_FORMATS[String(formatName)] : undefined;
    if (!output) throw notAnImage();

    if ((metadata.width ?? 0) * (metadata.pageHeight ?? metadata.height ?? 0) > MAX_IMAGE_PIXELS) {
      throw new DomainError(
        'IMAGE_TOO_MANY_PIXELS',
        `The image has more than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`,
        HttpStatus.PAYLOAD_TOO_LARGE,
      );
    }

    const animated = (metadata.pages ?? 1) > 1;
    let pipeline = sharp(file, { animated, failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
    if (!animated && metadata.orientation && metadata.orientation > 1) pipeline = pipeline.rotate();
    if (!animated) pipeline = pipeline.resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded = await pipeline
      .toFormat(output.format)
      .toBuffer()
      .catch(() => {
        throw notAnImage();
      });

    const name = `${randomBytes(16).toString('hex')}.${output.extension}`;
    const variants = await imageVariants(name, encoded);
    await this.storeAll([...variants, { name, bytes: encoded }]);
    const url = `/uploads/${name}`;
    await this.events.emit('upload.stored', { url });
    return url;
  }

  /**
   * Variants first, the original last: once the original's URL is returned, pages may list them. All or nothing:
   * when the store fails on any of them (down, unreachable, full), the ones already written are deleted (later, if the
   * store is still down) and the upload answers 503 STORAGE_UNAVAILABLE, so no URL ever names missing files.
   */
  private async storeAll(files: { name: string; bytes: Buffer }[]): Promise<void> {
    const original = files[files.length - 1];
    const put = (file: { name: string; bytes: Buffer }) => this.storage.put(file.name, file.bytes, contentTypeOf(file.name));
    try {
      // Settled, not Promise.all: a put the SDK is still retrying could land after the cleanup and stay for good.
      const variants = await Promise.allSettled(files.slice(0, -1).map(put));
      const failed = variants.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      await put(original);
    } catch (error) {
      this.logger.warn(`upload ${original.name} not stored in ${this.storage.description}: ${(error as Error)?.message ?? String(error)}`);
      this.abandoned.remove(files.map((file) => file.name));
      throw httpError(HttpStatus.SERVICE_UNAVAILABLE, STORAGE_UNAVAILABLE.message, STORAGE_UNAVAILABLE);
    }
  }
}

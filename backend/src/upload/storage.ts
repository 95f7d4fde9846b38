import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';

/**
 * Where uploaded images and their variants live: `DATA_DIR/uploads` on one server's disk, or an S3-compatible bucket
 * that every instance shares (docs/decisions/008). A key is a bare file name such as `3f2a….webp` or `3f2a…-480.avif`,
 * the part of the URL after `/uploads/`.
 */
export interface UploadStorage {
  /** Human-readable location, for command-line messages ("bucket mudawwana", "/srv/blog/data/uploads"). */
  readonly description: string;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or undefined when there is none under that key. */
  get(key: string): Promise<StoredUpload | undefined>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every key, in no particular order (for backups and `npm run images:variants`). */
  list(): AsyncIterable<string>;
  /** Frees connections; the storage is unusable afterwards. */
  close(): Promise<void>;
}

export interface StoredUpload {
  body: Readable;
  contentType: string;
  size?: number;
  /** Quoted, as in an HTTP ETag header. */
  etag?: string;
  lastModified?: Date;
}

export const UPLOAD_STORAGE = Symbol('UPLOAD_STORAGE');

/** What an upload (or an image read from a bucket) answers when the storage fails: 503, come back in half a minute. */
export const STORAGE_UNAVAILABLE = {
  code: 'STORAGE_UNAVAILABLE',
  message: 'The image storage cannot be reached; try again shortly',
  retryAfter: 30,
} as const;

/** Uploaded files never change (each gets a new random name): browsers, proxies and CDNs may keep them for a year. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A plain file name: letters, digits, `-`, `_` and dots, not starting with a dot (no folders, no dotfiles). */
const UPLOAD_KEY = /^[\w-][\w.-]*$/;

export function isUploadKey(key: string): boolean {
  return UPLOAD_KEY.test(key) && key.length <= 200;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** The type to serve a key with, by its extension (the upload service names every file by its content). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/** The whole object in memory, or undefined when it does not exist. */
export async function readUpload(storage: UploadStorage, key: string): Promise<Buffer | undefined> {
  const stored = await storage.get(key);
  return stored ? buffer(stored.body) : undefined;
}

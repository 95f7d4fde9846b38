import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { contentTypeOf, isUploadKey, StoredUpload, UploadStorage } from './storage';

/** Uploads as files in one folder (`DATA_DIR/uploads`): the default, for a blog that runs as one instance. */
export class DiskUploadStorage implements UploadStorage {
  readonly description: string;

  constructor(private readonly dir: string) {
    this.description = dir;
  }

  private path(key: string): string {
    if (!isUploadKey(key)) throw new Error(`Not an upload key: ${JSON.stringify(key)}`);
    return join(this.dir, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    // Written aside and renamed, so a reader never sees half a file.
    const path = this.path(key);
    const partial = `${path}.partial`;
    await mkdir(this.dir, { recursive: true });
    const file = await open(partial, 'w');
    try {
      await file.writeFile(bytes);
    } finally {
      await file.close();
    }
    await rename(partial, path);
  }

  async get(key: string): Promise<StoredUpload | undefined> {
    const path = this.path(key);
    const stats = await stat(path).catch(() => undefined);
    if (!stats?.isFile()) return undefined;
    return { body: createReadStream(path), contentType: contentTypeOf(key), size: stats.size, lastModified: stats.mtime };
  }

  async exists(key: string): Promise<boolean> {
    return (await stat(this.path(key)).catch(() => undefined))?.isFile() ?? false;
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async *list(): AsyncIterable<string> {
    for (const entry of await readdir(this.dir, { withFileTypes: true })) {
      if (entry.isFile() && isUploadKey(entry.name) && !entry.name.endsWith('.partial')) yield entry.name;
    }
  }

  async close(): Promise<void> {}
}

import type { DataSource } from 'typeorm';

/** A stored share image: the PNG, and the version of what it shows (shareImageVersion) that it was drawn from. */
export interface StoredShareImage {
  version: string;
  png: Buffer;
}

/**
 * Share images in the database (`share_images`), one row per post, page or the home page, keyed as `post:<id>`,
 * `page:<id>`, `home`: every instance on one database shares them, and they outlive restarts, as the pages do. A row
 * whose version is not the current one is drawn again and replaced (ShareImages). Not an entity: a cache, left out of
 * backups like the page store's tables. Plain SQL that both drivers run alike.
 */
export class ShareImageStore {
  constructor(private readonly dataSource: DataSource) {}

  private sql(text: string): string {
    if (this.dataSource.options.type !== 'postgres') return text;
    let index = 0;
    return text.replace(/\?/g, () => `$${++index}`);
  }

  async get(key: string): Promise<StoredShareImage | undefined> {
    const [row] = (await this.dataSource.query(this.sql('SELECT "version", "png" FROM "share_images" WHERE "key" = ?'), [key])) as {
      version: string;
      png: Buffer | Uint8Array;
    }[];
    return row && { version: String(row.version), png: Buffer.isBuffer(row.png) ? row.png : Buffer.from(row.png) };
  }

  async put(key: string, image: StoredShareImage): Promise<void> {
    await this.dataSource.query(
      this.sql(
        `INSERT INTO "share_images" ("key", "version", "png", "built_at") VALUES (?, ?, ?, CURRENT_TIMESTAMP)
         ON CONFLICT ("key") DO UPDATE SET "version" = excluded."version", "png" = excluded."png", "built_at" = excluded."built_at"`,
      ),
      [key, image.version, image.png],
    );
  }

  async delete(key: string): Promise<void> {
    await this.dataSource.query(this.sql('DELETE FROM "share_images" WHERE "key" = ?'), [key]);
  }
}

import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';

/** A DATA_DIR whose disk can be filled up and freed again, to see what SQLite and the server do when it is full. */
export interface FillableDisk {
  /** How the disk is filled: a tmpfs of its own, or SQLite's own page limit where no file system can be mounted. */
  kind: 'tmpfs' | 'max_page_count';
  dataDir: string;
  /** After the app has started on dataDir: from now on, writes that need more room fail with SQLITE_FULL. */
  fill(dataSource: DataSource): Promise<void>;
  /** Room again. */
  free(dataSource: DataSource): Promise<void>;
  remove(): void;
}

const TMPFS_SIZE = '64m';

/**
 * A small tmpfs mounted for the test when the process may mount one (root in a container with CAP_SYS_ADMIN), filled
 * with a file until the kernel says ENOSPC: SQLite meets a really full disk. Elsewhere (CI as an unprivileged user),
 * `PRAGMA max_page_count` set to the pages the database has now on the app's connection: SQLite refuses to grow the
 * file with the same SQLITE_FULL, without a real file system under it.
 */
export function fillableDisk(): FillableDisk {
  const dataDir = mkdtempSync(join(tmpdir(), 'mudawwana-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_SIZE}`, 'tmpfs', dataDir], { stdio: 'ignore' });
  } catch {
    return pageLimitDisk(dataDir);
  }
  const filler = join(dataDir, 'filler');
  return {
    kind: 'tmpfs',
    dataDir,
    async fill() {
      const descriptor = openSync(filler, 'w');
      const chunk = Buffer.alloc(64 * 1024, 1);
      try {
        for (;;) writeSync(descriptor, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        closeSync(descriptor);
      }
      // The last partial chunk too: not a byte is left.
      const descriptor2 = openSync(filler, 'a');
      try {
        for (;;) writeSync(descriptor2, Buffer.alloc(512, 1));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        closeSync(descriptor2);
      }
    },
    async free() {
      unlinkSync(filler);
    },
    remove() {
      execFileSync('umount', ['-l', dataDir]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function pageLimitDisk(dataDir: string): FillableDisk {
  return {
    kind: 'max_page_count',
    dataDir,
    async fill(dataSource) {
      const [{ page_count: pages }] = (await dataSource.query('PRAGMA page_count')) as { page_count: number }[];
      await dataSource.query(`PRAGMA max_page_count = ${pages}`);
    },
    async free(dataSource) {
      await dataSource.query('PRAGMA max_page_count = 1073741823');
    },
    remove() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

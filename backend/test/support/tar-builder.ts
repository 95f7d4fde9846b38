import { gzipSync } from 'node:zlib';

/**
 * Writes tar archives byte by byte (POSIX ustar headers), so tests can make the entries a real tar tool refuses to
 * write or rewrites: `..` and absolute paths, links, devices, a name twice, a size the body does not have.
 */
export interface TarEntry {
  path: string;
  body?: Buffer | string;
  /** ustar type flag: '0' file, '1' hard link, '2' symbolic link, '3' character device, '4' block device, '5' folder, '6' FIFO. */
  type?: '0' | '1' | '2' | '3' | '4' | '5' | '6';
  linkTarget?: string;
  /** The size the header claims (the body's own by default). */
  declaredSize?: number;
}

function header(entry: TarEntry, size: number): Buffer {
  const block = Buffer.alloc(512, 0);
  const write = (text: string, offset: number, length: number) => block.write(text.slice(0, length), offset, length, 'utf8');
  const field = (value: number, offset: number, length: number) => write(value.toString(8).padStart(length - 1, '0'), offset, length - 1);
  let name = entry.path;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', name.length - 1);
    prefix = name.slice(0, cut);
    name = name.slice(cut + 1);
  }
  write(name, 0, 100);
  field(entry.type === '5' ? 0o755 : 0o644, 100, 8);
  field(0, 108, 8);
  field(0, 116, 8);
  field(size, 124, 12);
  field(0, 136, 12);
  block.fill(' ', 148, 156);
  write(entry.type ?? '0', 156, 1);
  write(entry.linkTarget ?? '', 157, 100);
  write('ustar\u000000', 257, 8);
  write(prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return block;
}

/** A gzip-compressed tar of `entries`, in order. */
export function tarGz(entries: TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.body ?? '');
    parts.push(header(entry, entry.declaredSize ?? body.length));
    if (body.length) parts.push(body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts));
}

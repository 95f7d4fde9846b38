import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openImport } from './open-import';

/**
 * Issue 25: a 100 MB WordPress export imports with the server's memory growing by less than 200 MB. The readers'
 * share of that: opening a ~60 MB WXR (the first pass over the whole file) and reading every entry back keeps the
 * heap's growth far under it, because the file is streamed and only the item being read is held.
 */

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const ITEMS = 5200;
const PARAGRAPH = 'هذه فقرة عربية طويلة لتجربة استيراد ملف كبير من ووردبريس، فيها كلمات كثيرة وروابط وصور. '.repeat(12);
const MB = 1024 * 1024;

async function writeLargeWxr(path: string): Promise<void> {
  const out = createWriteStream(path);
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  await write(
    '<?xml version="1.0" encoding="UTF-8" ?>\n<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">\n<channel><title>كبيرة</title><link>http://old-blog.test</link><wp:wxr_version>1.2</wp:wxr_version>\n',
  );
  for (let index = 1; index <= ITEMS; index += 1) {
    const content = Array.from({ length: 6 }, (_, paragraph) => `${PARAGRAPH} ${index}-${paragraph}`).join('\n\n');
    await write(
      `<item><title><![CDATA[تدوينة ${index}]]></title><link>http://old-blog.test/?p=${index}</link><dc:creator><![CDATA[admin]]></dc:creator>` +
        `<content:encoded><![CDATA[${content}]]></content:encoded><excerpt:encoded><![CDATA[]]></excerpt:encoded>` +
        `<wp:post_id>${index}</wp:post_id><wp:post_date_gmt><![CDATA[2023-05-10 09:30:00]]></wp:post_date_gmt>` +
        `<wp:post_name><![CDATA[post-${index}]]></wp:post_name><wp:status><![CDATA[publish]]></wp:status><wp:post_type><![CDATA[post]]></wp:post_type>` +
        `<category domain="category" nicename="general"><![CDATA[عام]]></category>` +
        `<wp:comment><wp:comment_id>${index}</wp:comment_id><wp:comment_author><![CDATA[زائر]]></wp:comment_author><wp:comment_date_gmt>2023-05-11 09:30:00</wp:comment_date_gmt><wp:comment_content><![CDATA[تعليق]]></wp:comment_content><wp:comment_approved>1</wp:comment_approved><wp:comment_parent>0</wp:comment_parent></wp:comment></item>\n`,
    );
  }
  await write('</channel>\n</rss>\n');
  out.end();
  await once(out, 'finish');
}

describe('reading a large WordPress export', () => {
  let folder: string;
  let path: string;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'wxr-large-'));
    path = join(folder, 'large.xml');
    await writeLargeWxr(path);
  }, 60_000);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('keeps the heap’s growth well under 200 MB through the first pass and all the entries', async () => {
    expect(statSync(path).size).toBeGreaterThan(55 * MB);
    collectGarbage();
    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    const sample = () => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    };

    const opened = await openImport(path);
    sample();
    expect(opened.total).toBe(ITEMS);

    let count = 0;
    let lastTitle = '';
    for await (const entry of opened.entries()) {
      count += 1;
      lastTitle = entry.title;
      if (count % 100 === 0) sample();
    }
    sample();
    collectGarbage();
    const retained = process.memoryUsage().heapUsed - baseline;

    expect(count).toBe(ITEMS);
    expect(lastTitle).toBe(`تدوينة ${ITEMS}`);
    console.log(
      `large WXR: ${(statSync(path).size / MB).toFixed(0)} MB, heap peak +${((peak - baseline) / MB).toFixed(0)} MB, retained +${(retained / MB).toFixed(1)} MB`,
    );
    expect(peak - baseline).toBeLessThan(100 * MB);
    expect(retained).toBeLessThan(10 * MB);
    // Two passes over 55 MB of XML: about 4 s on a quiet machine, several times that when CI's two cores are busy.
  }, 60_000);
});

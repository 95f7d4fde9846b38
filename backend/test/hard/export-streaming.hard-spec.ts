import { once } from 'node:events';
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ExportRepository } from '../../src/export/export.repository';
import { Post } from '../../src/posts/post.entity';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The WXR export streams (issue 25): 2,000 posts of 20,000 Arabic characters each (about 75 MB of XML) are read from
 * the database only as fast as the client takes the file. A client that stops reading stops the export a few
 * batches past what the sockets hold, so the server never holds the blog in memory, whatever its size.
 */
const POSTS = 2_000;
const CONTENT = `<p>${'نص عربي طويل في مقال '.repeat(1_000)}</p>`;

describe('the WXR export of a large blog', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp();
    const author = await t.author();
    token = (await author.post('/api/tokens').send({ name: 'export' }).expect(201)).body.token as string;
    const posts = t.app.get(DataSource).getRepository(Post);
    for (let first = 1; first <= POSTS; first += 100) {
      const batch = Array.from({ length: 100 }, (_, index) => {
        const n = first + index;
        return { title: `مقال رقم ${n}`, slug: `مقال-${n}`, content: CONTENT, published: n % 2 === 0, tags: ['وسم'] };
      });
      await posts.insert(batch);
    }
  });

  afterAll(() => t?.close());

  it('reads posts only as the client takes the file, and sends every one', async () => {
    const postsRead = vi.spyOn(t.app.get(ExportRepository), 'approvedComments'); // once per batch of posts
    const read = () => postsRead.mock.calls.reduce((sum, [ids]) => sum + ids.length, 0);
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    const response = await new Promise<IncomingMessage>((resolve, reject) =>
      get({ host: '127.0.0.1', port, path: '/api/export/wxr', headers: { authorization: `Bearer ${token}` } }, resolve).on('error', reject),
    );
    expect(response.statusCode).toBe(200);

    // Not reading: the export stops once the sockets' buffers are full.
    let before = -1;
    while (read() !== before) {
      before = read();
      await sleep(500);
    }
    expect(read()).toBeGreaterThan(0);
    expect(read()).toBeLessThan(POSTS / 2);

    const marker = '<wp:post_type><![CDATA[post]]></wp:post_type>';
    let bytes = 0;
    let items = 0;
    let carry = ''; // the end of what came before, shorter than the marker: a marker across two chunks counts once
    const resumed = Date.now();
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      bytes += Buffer.byteLength(chunk);
      const text = carry + chunk;
      items += text.split(marker).length - 1;
      carry = text.slice(-(marker.length - 1));
    });
    await once(response, 'end');
    expect(items).toBe(POSTS);
    expect(read()).toBe(POSTS);
    expect(carry.endsWith('</channel>\n</rss>\n')).toBe(true);
    expect(bytes).toBeGreaterThan(POSTS * CONTENT.length);
    console.info(`export of ${POSTS} posts: ${(bytes / 1e6).toFixed(1)} MB in ${Date.now() - resumed} ms once read (${t.driver})`);
  });
});

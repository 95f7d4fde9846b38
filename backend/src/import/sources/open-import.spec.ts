import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFileError } from '../import-model';
import { GHOST_MAX_BYTES } from './ghost';
import { openImport } from './open-import';

const FIXTURES = join(__dirname, '../../../test/fixtures/import');

async function refusal(path: string): Promise<ImportFileError> {
  const error: unknown = await openImport(path).then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return error as ImportFileError;
}

describe('openImport tells the platforms apart by their first bytes', () => {
  it.each([
    ['wordpress-arabic.xml', 'wordpress'],
    ['wordpress-1.1.xml', 'wordpress'],
    ['blogger.xml', 'blogger'],
    ['ghost.json', 'ghost'],
  ])('%s is a %s export', async (file, platform) => {
    expect((await openImport(join(FIXTURES, file))).platform).toBe(platform);
  });
});

describe('openImport refuses, before anything is read as entries, a file that is not a whole export', () => {
  let folder: string;
  const write = (name: string, content: string) => {
    const path = join(folder, name);
    writeFileSync(path, content);
    return path;
  };

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'import-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('a truncated WordPress export, with the line where it stops', async () => {
    const error = await refusal(join(FIXTURES, 'wordpress-truncated.xml'));
    expect(error.message).toMatch(/^The WordPress export is malformed at line \d+: unclosed tag: content:encoded$/);
  });

  it('a WordPress export with a stray tag in the middle', async () => {
    const whole = readFileSync(join(FIXTURES, 'wordpress-arabic.xml'), 'utf8');
    const broken = write('broken.xml', whole.replace('<wp:post_id>13</wp:post_id>', '<wp:post_id>13</wp:post_idx>'));
    expect((await refusal(broken)).message).toMatch(/^The WordPress export is malformed at line \d+: unexpected close tag/);
  });

  it('a WordPress export without a channel', async () => {
    expect((await refusal(join(FIXTURES, 'wordpress-no-channel.xml'))).message).toBe('The WordPress export has no <channel> element');
  });

  it('an RSS feed that is not a WordPress export', async () => {
    expect((await refusal(join(FIXTURES, 'rss-feed.xml'))).message).toBe(
      'The file is not a WordPress, Blogger or Ghost export: it is an RSS feed, not a WordPress export (WordPress: Tools → Export)',
    );
  });

  it('an Atom feed that is not a Blogger export', async () => {
    const path = write('atom.xml', '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>');
    expect((await refusal(path)).message).toMatch(/it is an Atom feed, not a Blogger export/);
  });

  it('a truncated Blogger export', async () => {
    const whole = readFileSync(join(FIXTURES, 'blogger.xml'), 'utf8');
    const path = write('blogger-cut.xml', whole.slice(0, Math.floor(whole.length * 0.6)));
    expect((await refusal(path)).message).toMatch(/^The Blogger export is malformed at line \d+: /);
  });

  it('JSON that is not a Ghost export, and a Ghost export that is not valid JSON', async () => {
    expect((await refusal(join(FIXTURES, 'not-ghost.json'))).message).toBe(
      'The file is JSON but not a Ghost export: it has no db[0].data.posts',
    );
    const cut = readFileSync(join(FIXTURES, 'ghost.json'), 'utf8').slice(0, 500);
    expect((await refusal(write('ghost-cut.json', cut))).message).toMatch(/^The file is not valid JSON, so not a Ghost export: /);
  });

  it('a Ghost export whose posts have no id', async () => {
    const path = write('ghost-no-id.json', JSON.stringify({ db: [{ meta: { version: '5.0.0' }, data: { posts: [{ title: 'x' }] } }] }));
    expect((await refusal(path)).message).toBe('The Ghost export is malformed: post 1 has no id');
  });

  it('a Ghost export larger than what is read whole', async () => {
    const path = write('ghost-huge.json', '{');
    truncateSync(path, GHOST_MAX_BYTES + 1);
    expect((await refusal(path)).message).toBe('The Ghost export is 65 MB: exports up to 64 MB can be imported');
  });

  it.each([
    ['empty.xml', ''],
    ['page.html', '<!DOCTYPE html><html><body><p>hi</p></body></html>'],
    ['notes.txt', 'just some text'],
    ['array.json', '[1, 2, 3]'],
  ])('anything else: %s', async (name, content) => {
    expect((await refusal(write(name, content))).message).toBe('The file is not a WordPress, Blogger or Ghost export');
  });
});

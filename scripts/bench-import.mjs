// `node scripts/bench-import.mjs`: issue 25's import at scale. Writes a WordPress export of BENCH_POSTS posts (10,000
// by default, about 10 KB of Arabic content each: some 100 MB, with categories, tags, comments and percent-encoded
// Arabic slugs) and imports it through the admin API into a running blog (SQLite in a scratch DATA_DIR, or
// PostgreSQL with BENCH_DATABASE_URL), while a reader asks for the home page and a post every 100 ms. Prints the
// import's time, the server's resident memory (all its threads) before it and at its peak, the event loop's delay,
// the reader's latencies and failures; then imports the same file again (nothing to do). Needs a build.
import './node-runtime.mjs';
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, openAsBlob, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { once } from 'node:events';
import { scratchDatabase } from './bench-database.mjs';
import { pageStoreReady, probe, signIn } from './bench-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const postCount = Number(process.env.BENCH_POSTS ?? 10_000);
const port = 4300 + (process.pid % 500);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'mudawwana-bench-import-'));
const database = await scratchDatabase('bench_import');

const PARAGRAPH =
  'تعلّم البرمجة رحلة طويلة تبدأ بسؤال بسيط وتنتهي بمشروع حقيقي. نكتب هنا عن TypeScript وقواعد البيانات وعن الأدوات التي تجعل العمل أسهل، مع أمثلة من الواقع ونصائح جرّبناها بأنفسنا. ';
const CONTENT = `${Array.from({ length: 14 }, () => PARAGRAPH.repeat(2)).join('\n\n')}\n\n[code lang="js"]const x = 1;[/code]`;
const CATEGORIES = ['تقنية', 'برمجة', 'قواعد-البيانات', 'الذكاء-الاصطناعي', 'أدوات'];

/** A WXR 1.2 of `count` posts, written as a stream: the file never sits in this process's memory either. */
async function writeExport(file, count) {
  const out = createWriteStream(file);
  const write = async (text) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const encoded = (slug) => encodeURIComponent(slug).toLowerCase();
  await write(`<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
<title>مدونة للقياس</title><link>http://old-blog.test</link><description>قياس الاستيراد</description><language>ar</language>
<wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>http://old-blog.test</wp:base_site_url><wp:base_blog_url>http://old-blog.test</wp:base_blog_url>
<wp:author><wp:author_id>1</wp:author_id><wp:author_login><![CDATA[author]]></wp:author_login><wp:author_display_name><![CDATA[الكاتب]]></wp:author_display_name></wp:author>
${CATEGORIES.map((name, index) => `<wp:category><wp:term_id>${index + 1}</wp:term_id><wp:category_nicename><![CDATA[${encoded(name)}]]></wp:category_nicename><wp:category_parent><![CDATA[${index > 0 && index < 3 ? encoded(CATEGORIES[0]) : ''}]]></wp:category_parent><wp:cat_name><![CDATA[${name.replace(/-/g, ' ')}]]></wp:cat_name></wp:category>`).join('\n')}
`);
  for (let id = 1; id <= count; id += 1) {
    const slug = `مقال-عن-البرمجة-رقم-${id}`;
    const date = new Date(Date.UTC(2015, 0, 1) + id * 3_600_000 * 7);
    const stamp = date.toISOString().slice(0, 19).replace('T', ' ');
    const category = CATEGORIES[id % CATEGORIES.length];
    await write(`<item>
<title><![CDATA[مقال عن البرمجة رقم ${id}]]></title>
<link>http://old-blog.test/${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${encoded(slug)}/</link>
<pubDate>${date.toUTCString()}</pubDate><dc:creator><![CDATA[author]]></dc:creator>
<guid isPermaLink="false">http://old-blog.test/?p=${id}</guid>
<description></description>
<content:encoded><![CDATA[${CONTENT}]]></content:encoded>
<excerpt:encoded><![CDATA[]]></excerpt:encoded>
<wp:post_id>${id}</wp:post_id><wp:post_date><![CDATA[${stamp}]]></wp:post_date><wp:post_date_gmt><![CDATA[${stamp}]]></wp:post_date_gmt>
<wp:post_modified><![CDATA[${stamp}]]></wp:post_modified><wp:post_modified_gmt><![CDATA[${stamp}]]></wp:post_modified_gmt>
<wp:comment_status><![CDATA[open]]></wp:comment_status><wp:ping_status><![CDATA[open]]></wp:ping_status>
<wp:post_name><![CDATA[${encoded(slug)}]]></wp:post_name><wp:status><![CDATA[publish]]></wp:status>
<wp:post_parent>0</wp:post_parent><wp:menu_order>0</wp:menu_order><wp:post_type><![CDATA[post]]></wp:post_type>
<wp:post_password><![CDATA[]]></wp:post_password><wp:is_sticky>0</wp:is_sticky>
<category domain="category" nicename="${encoded(category)}"><![CDATA[${category.replace(/-/g, ' ')}]]></category>
<category domain="post_tag" nicename="tag-${id % 50}"><![CDATA[وسم ${id % 50}]]></category>
${[1, 2]
  .map(
    (n) =>
      `<wp:comment><wp:comment_id>${id * 10 + n}</wp:comment_id><wp:comment_author><![CDATA[قارئ ${n}]]></wp:comment_author><wp:comment_author_email><![CDATA[reader${n}@example.com]]></wp:comment_author_email><wp:comment_author_url></wp:comment_author_url><wp:comment_author_IP></wp:comment_author_IP><wp:comment_date><![CDATA[${stamp}]]></wp:comment_date><wp:comment_date_gmt><![CDATA[${stamp}]]></wp:comment_date_gmt><wp:comment_content><![CDATA[شكرًا على المقال رقم ${id}، مفيد جدًا.]]></wp:comment_content><wp:comment_approved><![CDATA[1]]></wp:comment_approved><wp:comment_type><![CDATA[comment]]></wp:comment_type><wp:comment_parent>${n === 2 ? id * 10 + 1 : 0}</wp:comment_parent><wp:comment_user_id>0</wp:comment_user_id></wp:comment>`,
  )
  .join('\n')}
</item>
`);
  }
  await write('</channel>\n</rss>\n');
  out.end();
  await once(out, 'finish');
}

/** Asks for the home page and a post every 100 ms until stopped: latencies and failures. */
function reader(paths) {
  const latencies = [];
  let failures = 0;
  let stopped = false;
  const done = (async () => {
    for (let index = 0; !stopped; index += 1) {
      const started = performance.now();
      try {
        const response = await fetch(`${base}${paths[index % paths.length]}`);
        await response.arrayBuffer();
        if (response.status >= 500) failures += 1;
      } catch {
        failures += 1;
      }
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return async () => {
    stopped = true;
    await done;
    latencies.sort((a, b) => a - b);
    const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
    return { requests: latencies.length, p50: at(0.5), p99: at(0.99), max: at(1), failures };
  };
}

/** Uploads the export, follows the job to its end; its report and the seconds from the upload. */
async function importThrough(cookie, file) {
  const started = performance.now();
  const form = new FormData();
  form.append('file', await openAsBlob(file), 'export.xml');
  const response = await fetch(`${base}/api/import`, { method: 'POST', headers: { Cookie: cookie }, body: form });
  if (response.status !== 202) throw new Error(`import: ${response.status} ${await response.text()}`);
  const job = await response.json();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await (await fetch(`${base}/api/import/${job.id}`, { headers: { Cookie: cookie } })).json();
    if (now.state === 'failed') throw new Error(`import failed: ${now.error}`);
    if (now.state === 'done') return { report: now.report, seconds: Math.round((performance.now() - started) / 100) / 10 };
  }
}

const file = join(dataDir, 'export.xml');
let server;
try {
  const written = performance.now();
  await writeExport(file, postCount);
  const megabytes = Math.round(statSync(file).size / 2 ** 20);
  console.log(`wrote a WordPress export of ${postCount} posts: ${megabytes} MB in ${Math.round((performance.now() - written) / 1000)} s`);

  const probeFile = join(dataDir, 'probe.json');
  server = spawn(process.execPath, ['backend/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      BENCH_PROBE_FILE: probeFile,
      NODE_OPTIONS: `--require ${join(root, 'scripts/bench-probe.cjs')}`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server.probeFile = probeFile;
  await pageStoreReady(server);
  const cookie = await signIn(base);
  await probe(server);
  const before = await probe(server);

  const stopReading = reader(['/', '/category/' + encodeURIComponent('تقنية')]);
  const first = await importThrough(cookie, file);
  const during = await probe(server);
  const reading = await stopReading();
  const again = await importThrough(cookie, file);
  const home = await (await fetch(`${base}/`)).text();

  const result = {
    at: new Date().toISOString(),
    database: database.url ? 'postgres' : 'sqlite',
    posts: postCount,
    fileMb: megabytes,
    importSeconds: first.seconds,
    rssBeforeMb: before.rssMb,
    rssPeakDuringMb: during.windowPeakMb,
    rssGrowthMb: during.windowPeakMb - before.rssMb,
    loop: during.loop,
    reader: reading,
    report: first.report,
    againSeconds: again.seconds,
    againReport: again.report,
    homeShowsImported: home.includes(`مقال عن البرمجة رقم ${postCount}`),
  };
  console.log(`\n${result.database}, ${postCount} posts, ${megabytes} MB file`);
  console.log(
    `import: ${first.seconds} s (posts ${JSON.stringify(first.report.posts)}, comments ${first.report.comments}, redirects ${first.report.redirects})`,
  );
  console.log(
    `server memory: ${before.rssMb} MB before, peak ${during.windowPeakMb} MB during (growth ${result.rssGrowthMb} MB; goal under 200)`,
  );
  console.log(`event loop during the import: p99 ${during.loop.p99} ms, max ${during.loop.max} ms`);
  console.log(
    `reader meanwhile: ${reading.requests} requests, p50 ${reading.p50} ms, p99 ${reading.p99} ms, max ${reading.max} ms, ${reading.failures} failed`,
  );
  console.log(`the same file again: ${again.seconds} s (posts ${JSON.stringify(again.report.posts)}, redirects ${again.report.redirects})`);
  console.log(`home page shows the newest imported post: ${result.homeShowsImported}`);
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, `bench/results/import-${result.database}.json`), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  server?.kill('SIGTERM');
  if (server) await once(server, 'exit');
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

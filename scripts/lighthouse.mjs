// `npm run lighthouse`: what a reader's phone gets. Builds, starts the app on a scratch SQLite DATA_DIR with 13 published
// posts (each with a 1600×900 photo-like image, headings, formulas, a footnote and code), then runs Lighthouse 12.8 (default mobile profile,
// Debian's Chromium) on `/`, a post and a category, and prints the four scores, LCP, TBT, CLS and bytes transferred.
// A measurement, not a test: it is not part of `npm test`. LIGHTHOUSE_SKIP_BUILD=1 reuses the current build;
// LIGHTHOUSE_RUNS=N (default 3) runs each page N times and reports the run with the median performance score (one run
// swings by a few points on a busy machine: the load average is printed with the table). LIGHTHOUSE_SERVE=1 seeds,
// prints the three URLs and keeps the server up until Ctrl-C (to look at the pages or probe them with Playwright).
// LIGHTHOUSE_SAVE=DIR writes every run's full report (JSON) there.
import './node-runtime.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import { waitForHealth } from './bench-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

if (!process.env.LIGHTHOUSE_SKIP_BUILD && spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) {
  process.exit(1);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'mudawwana-lighthouse-'));
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: base, DATABASE_URL: '', NODE_ENV: 'production' };
const server = spawn(process.execPath, ['backend/dist/main.js'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });

const waitForServer = () => waitForHealth(base, 300);

/** A JSON API call as the author (cookie kept by hand: loopback only). */
let cookie = '';
async function api(method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}), cookie, origin: base },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  const jar = new Map(cookie ? cookie.split('; ').map((pair) => pair.split('=')) : []);
  for (const value of response.headers.getSetCookie()) jar.set(...value.split(';')[0].split('='));
  cookie = [...jar].map((pair) => pair.join('=')).join('; ');
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/** A 1600×900 image with a gradient and noise, so it compresses like a photograph rather than like a flat colour. */
async function photo(seed) {
  const width = 1600;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 7919 + 1;
  for (let i = 0; i < pixels.length; i += 3) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const noise = state % 48;
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = (x / width) * 180 + noise;
    pixels[i + 1] = (y / height) * 160 + noise;
    pixels[i + 2] = ((seed * 40) % 200) + noise;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const CODE = `<pre><code class="language-ts">export async function fetchPosts(limit = 10): Promise<Post[]> {
  const response = await fetch(\`/api/posts?published=true&limit=\${limit}\`);
  if (!response.ok) throw new Error(\`\${response.status}\`);
  return response.json(); // قائمة المقالات
}</code></pre><pre><code class="language-python">def read_time(words: int) -> int:
    return max(1, -(-words // 200))</code></pre>`;
// What issue 26 added to a post: headings (three or more give a table of contents), formulas and a footnote.
const RICH = [
  '<h2>مقدمة</h2><p dir="rtl">قانون فيثاغورس <span class="math-inline" data-tex="a^2+b^2=c^2"></span> معروف<sup><a href="#fn-1" id="fnref-1" role="doc-noteref">1</a></sup>.</p>',
  '<h2>الصيغة العامة</h2><div class="math-block" data-tex="x = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}"></div>',
  '<h3>مثال بالشيفرة</h3>',
];
const NOTES =
  '<section class="footnotes" role="doc-endnotes"><ol><li id="fn-1" dir="rtl"><a href="#fnref-1" role="doc-backlink" aria-label="العودة إلى موضع الحاشية 1">↪</a><div><p dir="rtl">إقليدس، الأصول.</p></div></li></ol></section>';
const paragraph = (i) =>
  `<p>فقرة رقم ${i + 1}: نكتب عن React وTypeScript وتطبيقات الذكاء الاصطناعي في حياتنا اليومية، مع أمثلة عملية وشرح مفصّل لكل خطوة.</p>`;

async function seed() {
  await api('POST', '/api/register', { username: 'author', email: 'author@example.com', password: 'secret123', name: 'كاتب المدونة' });
  const categories = await api('GET', '/api/categories');
  const posts = [];
  for (let i = 0; i < 13; i += 1) {
    const form = new FormData();
    form.append('image', new Blob([await photo(i)], { type: 'image/jpeg' }), `cover-${i}.jpg`);
    const { url } = await api('POST', '/api/upload', form);
    posts.push(
      await api('POST', '/api/posts', {
        title: `مقال تجريبي رقم ${i + 1}: دليل عملي إلى TypeScript وReact`,
        slug: `sample-post-${i + 1}`,
        content: RICH[0] + Array.from({ length: 12 }, (_, p) => paragraph(p)).join('') + RICH[1] + RICH[2] + CODE + paragraph(12) + NOTES,
        categoryId: categories[i % categories.length].id,
        featuredImage: url,
        published: true,
        createdAt: new Date(Date.UTC(2025, 0, 1 + i * 20)).toISOString(),
        tags: ['TypeScript', 'React'],
      }),
    );
  }
  await api('PUT', `/api/posts/${posts[posts.length - 1].id}/featured`);
  const post = await api('GET', `/api/posts/${posts[posts.length - 1].slug}`);
  const category = categories.find((c) => c.id === post.categoryId);
  return { post: `/post/${encodeURIComponent(post.slug)}`, category: `/category/${encodeURIComponent(category.slug)}` };
}

const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
let version = '?';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

/**
 * One Lighthouse run, in a Chromium of its own as the Lighthouse CLI does. Now and then a run fails with NO_NAVSTART
 * (the trace lacks the page's navigationStart; seen on the post page about once in 30 runs on a loaded machine,
 * never when tried in isolation, so its cause is still unknown): such a run is tried again, twice at most, and said so.
 */
async function measure(url, label) {
  for (let attempt = 1; ; attempt += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-sync'],
    });
    let result;
    try {
      result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    } finally {
      await chrome.kill();
    }
    const { lhr, artifacts } = result;
    version = lhr.lighthouseVersion;
    if (process.env.LIGHTHOUSE_SAVE) {
      mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
      writeFileSync(join(process.env.LIGHTHOUSE_SAVE, `${label}${lhr.runtimeError ? `-failed-${attempt}` : ''}.json`), JSON.stringify(lhr));
      // The trace of a failed run, to find out why it failed.
      if (lhr.runtimeError)
        writeFileSync(join(process.env.LIGHTHOUSE_SAVE, `${label}-failed-${attempt}.trace.json`), JSON.stringify(artifacts.Trace));
    }
    if (!lhr.runtimeError) return lhr;
    console.log(`${label}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}${attempt < 3 ? ' (trying again)' : ''}`);
    if (attempt === 3) return undefined;
  }
}

function row(name, lhr, scores) {
  const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const summary = lhr.audits['resource-summary'].details.items;
  const transfer = (type) => summary.find((item) => item.resourceType === type)?.transferSize ?? 0;
  return {
    page: name,
    perf: score('performance'),
    runs: scores.join('/'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    seo: score('seo'),
    FCP: `${(metric('first-contentful-paint') / 1000).toFixed(1)} s`,
    LCP: `${(metric('largest-contentful-paint') / 1000).toFixed(1)} s`,
    TBT: `${Math.round(metric('total-blocking-time'))} ms`,
    CLS: metric('cumulative-layout-shift').toFixed(3),
    SI: `${(metric('speed-index') / 1000).toFixed(1)} s`,
    JS: kb(transfer('script')),
    CSS: kb(transfer('stylesheet')),
    HTML: kb(transfer('document')),
    images: kb(transfer('image')),
    fonts: kb(transfer('font')),
    total: kb(transfer('total')),
    'console errors': lhr.audits['errors-in-console'].details?.items?.length ?? 0,
  };
}

function report(name, lhr) {
  const lcp = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet;
  console.log(`${name}: LCP element ${lcp ?? '?'}`);
  for (const category of Object.values(lhr.categories)) {
    if (category.score === 1) continue;
    const misses = category.auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 0.9)
      .map((ref) => `${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`);
    if (misses.length) console.log(`${name} ${category.id}: ${misses.join(', ')}`);
  }
}

try {
  await waitForServer();
  const paths = await seed();
  if (process.env.LIGHTHOUSE_SERVE) {
    console.log(`Serving ${base}/ ${base}${paths.post} ${base}${paths.category} (Ctrl-C to stop)`);
    await new Promise((resolve) => process.once('SIGINT', resolve));
  } else {
    const started = load();
    const rows = [];
    for (const [name, path] of [
      ['/', '/'],
      ['post', paths.post],
      ['category', paths.category],
    ]) {
      const runs = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const lhr = await measure(`${base}${path}`, `${name === '/' ? 'home' : name}-${run}`);
        if (lhr) runs.push(lhr);
      }
      if (!runs.length) continue;
      const perf = (lhr) => lhr.categories.performance.score ?? 0;
      // The median run by performance score (ties: the lower LCP), reported whole so its figures belong together.
      const sorted = runs
        .slice()
        .sort(
          (a, b) =>
            perf(a) - perf(b) || b.audits['largest-contentful-paint'].numericValue - a.audits['largest-contentful-paint'].numericValue,
        );
      const median = sorted[Math.floor((sorted.length - 1) / 2)];
      report(name, median);
      rows.push(
        row(
          name,
          median,
          runs.map((lhr) => Math.round(perf(lhr) * 100)),
        ),
      );
    }
    console.log(
      `\nLighthouse ${version}, mobile (default profile), median of ${RUNS} run(s), ${new Date().toISOString()}; ` +
        `load average ${started} before, ${load()} after (${cpus().length} cores)`,
    );
    console.table(rows);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

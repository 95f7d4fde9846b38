// `npm run bench:ab -- <revision>`: the serving thread's cost of a stored page at another revision and at this
// checkout, side by side in one run (issue 23). On a shared, noisy machine two runs of `npm run bench` minutes apart
// saw ceilings 44% apart; this compares the two builds in alternating rounds on the same machine at the same moments.
// The revision is built in a git worktree (.bench-ab/<commit>, its own @mudawwana/rules, the checkout's other
// packages); each build gets its own blog of BENCH_AB_POSTS posts (default 1000, seeded by its own code, every page
// built before the first round), and each round crawls both, in turn, in an order that alternates from round to
// round: BENCH_AB_REQUESTS post pages (default 4000) with 10 keep-alive connections, with gzip and without. It prints
// req/s and the server's CPU time a request (utime + stime from /proc, Linux) of every crawl, and the medians.
// BENCH_AB_MEMORY_MB=0 starts both servers without a memory tier, so every page is read from the store.
// BENCH_DATABASE_URL (a PostgreSQL server) gives each build a scratch database there instead of SQLite.
// Not a test: kept out of `npm test` and CI. BENCH_SKIP_BUILD=1 uses this checkout's build as it is.
import './node-runtime.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scratchDatabase } from './bench-database.mjs';
import { pageStoreReady, waitForHealth } from './bench-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const revision = process.argv[2];
if (!revision) {
  console.error('usage: npm run bench:ab -- <revision>   (a commit, tag or branch to compare this checkout with)');
  process.exit(2);
}
const POSTS = Number(process.env.BENCH_AB_POSTS ?? 1000);
const REQUESTS = Number(process.env.BENCH_AB_REQUESTS ?? 4000);
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 3);
const CONNECTIONS = 10;
const CLOCK_TICK_US = 10_000; // /proc's clock ticks: USER_HZ is 100 on Linux

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
}

/** The revision's tree, built: a worktree sharing this checkout's node_modules but for its own @mudawwana/rules. */
function builtTree(rev) {
  const commit = spawnSync('git', ['rev-parse', '--short', `${rev}^{commit}`], { cwd: root, encoding: 'utf8' }).stdout.trim();
  if (!commit) throw new Error(`no such revision: ${rev}`);
  const tree = join(root, '.bench-ab', commit);
  if (!existsSync(tree)) {
    run('git', ['worktree', 'add', '--detach', tree, commit], root);
    mkdirSync(join(tree, 'node_modules', '@mudawwana'), { recursive: true });
    for (const entry of readdirSync(join(root, 'node_modules'))) {
      if (entry !== '@mudawwana' && entry !== '.bin') symlinkSync(join(root, 'node_modules', entry), join(tree, 'node_modules', entry));
    }
    symlinkSync(join(root, 'node_modules', '.bin'), join(tree, 'node_modules', '.bin'));
    symlinkSync(join(tree, 'packages', 'rules'), join(tree, 'node_modules', '@mudawwana', 'rules'));
    for (const pkg of ['backend', 'frontend']) {
      const modules = join(root, pkg, 'node_modules');
      if (existsSync(modules)) symlinkSync(modules, join(tree, pkg, 'node_modules'));
    }
    run('npm', ['run', 'build', '-w', '@mudawwana/rules'], tree);
    run('npm', ['run', 'build'], tree);
  }
  return { name: commit, tree };
}

/** A blog of POSTS posts seeded by the tree's own code, served by its build, every page built. */
async function startBlog(side, port) {
  const dataDir = mkdtempSync(join(tmpdir(), `mudawwana-bench-ab-${side.name}-`));
  const database = await scratchDatabase(`mudawwana_bench_ab_${port}`);
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: database.url, PUBLIC_URL: '' };
  if (process.env.BENCH_AB_MEMORY_MB !== undefined) env.PAGE_MEMORY_MB = process.env.BENCH_AB_MEMORY_MB;
  const seeded = spawnSync('node', ['scripts/backend-cli.mjs', 'seed', '--posts', String(POSTS)], { cwd: side.tree, env });
  if (seeded.status !== 0) throw new Error(`seeding for ${side.name} failed: ${seeded.stderr}`);
  const child = spawn('node', [join(side.tree, 'backend/dist/main.js')], { cwd: side.tree, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = pageStoreReady(child);
  await waitForHealth(`http://127.0.0.1:${port}`);
  await ready;
  return { ...side, child, dataDir, database, base: `http://127.0.0.1:${port}` };
}

function get(agent, base, path, gzip) {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, base), { agent, headers: gzip ? { 'accept-encoding': 'gzip' } : {} }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
  });
}

/** The post pages the blog's sitemap lists. */
async function postPaths(blog) {
  const agent = new http.Agent({ keepAlive: false });
  const { body } = await get(agent, blog.base, '/sitemap.xml', false);
  return [...body.toString().matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((match) => new URL(match[1]).pathname)
    .filter((path) => path.startsWith('/post/'));
}

function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of the whole line)
}

/** One crawl: REQUESTS of the blog's post pages, cycling through them, CONNECTIONS at a time. */
async function crawl(blog, gzip) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let next = 0;
  let failed = 0;
  const ticksBefore = cpuTicks(blog.child.pid);
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < REQUESTS) {
        const { status } = await get(agent, blog.base, blog.paths[next++ % blog.paths.length], gzip);
        if (status !== 200) failed += 1;
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpuUs = ((cpuTicks(blog.child.pid) - ticksBefore) * CLOCK_TICK_US) / REQUESTS;
  agent.destroy();
  if (failed) throw new Error(`${blog.name}: ${failed} answers were not 200`);
  return { rps: REQUESTS / seconds, cpuUs };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const other = builtTree(revision);
if (process.env.BENCH_SKIP_BUILD !== '1') {
  run('npm', ['run', 'build', '-w', '@mudawwana/rules'], root);
  run('npm', ['run', 'build'], root);
}
const here = {
  name: `${spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim()} (this checkout)`,
  tree: root,
};
const blogs = [await startBlog(other, 3931), await startBlog(here, 3932)];
try {
  for (const blog of blogs) blog.paths = await postPaths(blog);
  console.log(`\n${POSTS} posts, ${REQUESTS} requests a crawl, ${CONNECTIONS} connections, ${ROUNDS} rounds; ${new Date().toISOString()}`);
  const results = new Map();
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const gzip of [true, false]) {
      for (const blog of round % 2 ? blogs : [...blogs].reverse()) {
        const { rps, cpuUs } = await crawl(blog, gzip);
        const key = `${gzip ? 'gzip' : 'plain'} ${blog.name}`;
        results.set(key, [...(results.get(key) ?? []), { rps, cpuUs }]);
        console.log(
          `round ${round}  ${key.padEnd(32)} ${rps.toFixed(0).padStart(6)} req/s  ${cpuUs.toFixed(0).padStart(5)} µs of server CPU a request`,
        );
      }
    }
  }
  console.log('\nmedians                           req/s   µs a request');
  for (const [key, runs] of results) {
    console.log(
      `${key.padEnd(32)} ${median(runs.map((r) => r.rps))
        .toFixed(0)
        .padStart(6)}  ${median(runs.map((r) => r.cpuUs))
        .toFixed(0)
        .padStart(6)}`,
    );
  }
} finally {
  for (const blog of blogs) {
    blog.child.kill('SIGTERM');
    await new Promise((resolve) => blog.child.once('exit', resolve));
    rmSync(blog.dataDir, { recursive: true, force: true });
    await blog.database.drop();
  }
}

// The Node every entry point runs on (`npm start`, `npm test`, `npm run dev`, seed, backup, restore, bench...).
// Imported first by each of them: on a Node older than package.json's `engines` (Debian ships 18, many machines 20,
// where better-sqlite3 crashes the process without a word), it brings Node 24 from the npm registry's `node` package
// into ~/.cache/mudawwana, rebuilds the native modules against its headers once, and runs the same script again on
// it, with that Node first on PATH for everything the script starts. One line says so. Where it cannot (offline,
// MUDAWWANA_NODE_DOWNLOAD=0), it stops before building anything with one line naming both versions and the fix.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const engines = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node; // ">=22.18"
const [needMajor, needMinor = 0] = engines
  .replace(/^>=\s*/, '')
  .split('.')
  .map(Number);
const downloadMajor = readFileSync(join(root, '.nvmrc'), 'utf8').trim();

const [major, minor] = process.versions.node.split('.').map(Number);
const oldEnough = major > needMajor || (major === needMajor && minor >= needMinor);

/** Where the npm registry's `node` package puts the binary and its headers (the same place `.ci/run` uses). */
function cachedNodeDir() {
  const home = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'mudawwana', `node-${downloadMajor}`);
  const dir = join(home, 'node_modules', 'node', 'node_modules', `node-${process.platform}-${process.arch}`);
  if (existsSync(join(dir, 'bin', 'node'))) return dir;
  if (process.env.MUDAWWANA_NODE_DOWNLOAD === '0') return undefined;
  const install = spawnSync(
    'npm',
    ['install', '--prefix', home, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `node@${downloadMajor}`],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return install.status === 0 && existsSync(join(dir, 'bin', 'node')) ? dir : undefined;
}

/** Whether the native modules load on `node` (built by an `npm install` that ran on another Node, they do not). */
const nativeModulesLoad = (node, env) =>
  spawnSync(node, ['-e', "new (require('better-sqlite3'))(':memory:').prepare('select 1').get(); require('argon2')"], {
    cwd: join(root, 'backend'),
    env,
    stdio: 'ignore',
  }).status === 0;

if (!oldEnough) {
  const found = process.versions.node;
  const dir = cachedNodeDir();
  if (!dir) {
    console.error(
      `mudawwana: this is Node ${found}; the blog needs Node ${needMajor}.${needMinor} or later (${downloadMajor} LTS recommended). ` +
        `Install it (nvm install ${downloadMajor}, or from nodejs.org) and run the command again.`,
    );
    process.exit(1);
  }
  const node = join(dir, 'bin', 'node');
  const env = { ...process.env, PATH: `${join(dir, 'bin')}${delimiter}${process.env.PATH}`, npm_config_nodedir: dir };
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(
    `mudawwana: Node ${found} is older than the ${needMajor}.${needMinor} this blog needs: running on Node ${version} from ${dir}`,
  );
  if (!nativeModulesLoad(node, env)) {
    console.log(`mudawwana: building better-sqlite3 and argon2 for Node ${version} (once; about a minute)...`);
    const rebuild = spawnSync('npm', ['rebuild', 'better-sqlite3', 'argon2'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (rebuild.status !== 0 || !nativeModulesLoad(node, env)) {
      console.error('mudawwana: could not build better-sqlite3 for that Node (it needs python3, make and g++).');
      process.exit(1);
    }
  }
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env });
  // Ctrl+C reaches both through the terminal; a signal sent to this process alone (docker stop, kill) is passed on.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))));
  process.exit(code);
}

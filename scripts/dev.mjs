// `npm run dev`: the backend recompiled and restarted on change (port 3000) and the Vite dev server with
// hot reload (port 5173, /api proxied to the backend), and the rules package recompiled on change. Ctrl+C stops all.
import './node-runtime.mjs';
import { spawn, spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
// Both sides import the rules package's build: it must exist before they start.
const rules = spawnSync('npm', ['run', 'build', '-w', '@mudawwana/rules'], { cwd: root, stdio: 'inherit' });
if (rules.status !== 0) process.exit(rules.status ?? 1);
const children = [
  spawn('npm', ['run', 'build', '-w', '@mudawwana/rules', '--', '--watch', '--preserveWatchOutput'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'backend'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'frontend'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);

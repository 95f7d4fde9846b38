import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The checkout's built frontend (`npm run build`). */
export const FRONTEND_DIST = resolve(__dirname, '../../../frontend/dist');

/** A copy of the built frontend in a folder of its own (FRONTEND_DIR), to be replaced or removed as a deploy does. */
export function copyOfBuild(from = FRONTEND_DIST): string {
  const dir = mkdtempSync(join(tmpdir(), 'mudawwana-frontend-'));
  cpSync(from, dir, { recursive: true });
  return dir;
}

/**
 * A copy of a built frontend whose entry script has another hashed name, as the next build of a change has: pages
 * of the build before link a file this one does not have. Returns the folder and the new script's path.
 */
export function anotherBuild(from: string): { dir: string; entry: string } {
  const dir = copyOfBuild(from);
  const assets = join(dir, 'client/assets');
  const entry = readFileSync(join(dir, 'client/index.html'), 'utf8').match(/\/assets\/(index-[\w-]+)\.js/)?.[1];
  if (!entry) throw new Error('no entry script in the built template');
  for (const file of readdirSync(assets).filter((name) => name.startsWith(`${entry}.js`))) {
    renameSync(join(assets, file), join(assets, file.replace(entry, `${entry}x2`)));
  }
  // Every file naming it (the template, the chunks importing it, the server bundle) names the new one, as in a build.
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => /\.(html|js|css|json)$/.test(name))) {
    const text = readFileSync(join(dir, file), 'utf8');
    if (!text.includes(`${entry}.js`)) continue;
    writeFileSync(join(dir, file), text.replaceAll(`${entry}.js`, `${entry}x2.js`));
    // Its precompressed copies would still name the old file: the plain one is served instead.
    for (const suffix of ['.br', '.gz']) rmSync(join(dir, `${file}${suffix}`), { force: true });
  }
  return { dir, entry: `/assets/${entry}x2.js` };
}

/**
 * A copy of the built frontend whose render worker gets caught in an endless loop, spinning on the CPU, when an answer
 * to one of its reads holds `hang`, as a render stuck on some content would (a highlighter's or a regular
 * expression's). The real worker runs unchanged behind a listener registered before its own, so the thread neither
 * answers nor takes another message: only a deadline kept outside it can tell.
 */
export function buildWithHangingRenderer(hang: string): string {
  const dir = copyOfBuild();
  const server = join(dir, 'server');
  renameSync(join(server, 'render-worker.js'), join(server, 'real-render-worker.js'));
  writeFileSync(
    join(server, 'render-worker.js'),
    [
      "import { parentPort } from 'node:worker_threads';",
      `const hang = ${JSON.stringify(hang)};`,
      'parentPort.on("message", (message) => {',
      '  if (message.type === "answer" && JSON.stringify(message.answer ?? null).includes(hang)) for (;;);',
      '});',
      "await import('./real-render-worker.js');",
      '',
    ].join('\n'),
  );
  return dir;
}

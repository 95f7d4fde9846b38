import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What renders the stored pages, as one short hash: the page template (it links the built assets by their hashed
 * names), the server bundle and its render worker, and this folder's code (feeds, footer places, the store's shapes).
 * Any new build of either side gives a new id, and pages stored by another build are not served (PageRebuilds.stamp).
 */
export function buildIdOf(template: string, ssrFiles: readonly string[], siteDir = __dirname): string {
  const hash = createHash('sha256').update(template);
  for (const file of ssrFiles) hash.update(readFileSync(file));
  for (const file of readdirSync(siteDir).sort()) {
    if (/\.(js|ts)$/.test(file) && !/\.(spec|test)\.(js|ts)$/.test(file)) hash.update(file).update(readFileSync(join(siteDir, file)));
  }
  return hash.digest('base64url').slice(0, 16);
}

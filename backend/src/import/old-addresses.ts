import type { ImportEntry, ImportPlatform } from './import-model';

/**
 * The addresses at which the old blog served a thing, as paths of the old site (the redirect table's from-paths;
 * @mudawwana/rules redirectKey normalises them: percent-encoding decoded once, trailing slashes, `?m=1`). Its own
 * link first, then the other spellings the platform answers for it, whichever permalink structure the blog had:
 * an address the web learnt under an older structure keeps working too.
 */

/** The path of an absolute address of the old blog (any host: a blog moved between domains keeps its paths). */
export function oldPath(address: string | null): string | null {
  if (!address) return null;
  try {
    const url = new URL(address, 'http://old.invalid');
    return url.pathname + url.search;
  } catch {
    return null;
  }
}

/** The subfolder the old blog lived in (`/blog` for https://old.example/blog), or ''. */
function basePath(siteUrl: string | null): string {
  return (oldPath(siteUrl) ?? '').replace(/[?#].*$/, '').replace(/\/+$/, '');
}

const two = (value: number) => String(value).padStart(2, '0');

/** Where the old blog answered an entry. */
export function entryAddresses(
  platform: ImportPlatform,
  siteUrl: string | null,
  entry: ImportEntry,
  categorySlug: string | null,
): string[] {
  const base = basePath(siteUrl);
  const addresses = [oldPath(entry.link)];
  const slug = entry.slug ? encodeURIComponent(entry.slug) : null;
  if (platform === 'wordpress') {
    const id = entry.sourceId;
    if (entry.kind === 'page') addresses.push(`${base}/?page_id=${id}`);
    else {
      addresses.push(`${base}/?p=${id}`, `${base}/archives/${id}`);
      if (slug) {
        const date = entry.publishedAt;
        addresses.push(`${base}/${slug}/`);
        if (date) {
          const [year, month, day] = [date.getUTCFullYear(), two(date.getUTCMonth() + 1), two(date.getUTCDate())];
          addresses.push(`${base}/${year}/${month}/${day}/${slug}/`, `${base}/${year}/${month}/${slug}/`);
        }
        if (categorySlug) addresses.push(`${base}/${encodeURIComponent(categorySlug)}/${slug}/`);
      }
    }
    if (slug && entry.kind === 'page') addresses.push(`${base}/${slug}/`);
  } else if (platform === 'ghost' && slug) {
    addresses.push(`${base}/${slug}/`);
  }
  return unique(addresses);
}

/** Where the old blog listed a category's posts. */
export function categoryAddresses(platform: ImportPlatform, siteUrl: string | null, slugPath: string[]): string[] {
  if (platform !== 'wordpress' || slugPath.length === 0) return [];
  const base = basePath(siteUrl);
  const path = slugPath.map(encodeURIComponent).join('/');
  const last = encodeURIComponent(slugPath[slugPath.length - 1]);
  return unique([`${base}/category/${path}/`, `${base}/category/${last}/`]);
}

/** Where the old blog listed a tag's (Blogger: a label's) posts. */
export function tagAddresses(platform: ImportPlatform, siteUrl: string | null, slug: string, name: string): string[] {
  const base = basePath(siteUrl);
  if (platform === 'blogger') return [`${base}/search/label/${encodeURIComponent(name)}`];
  return [`${base}/tag/${encodeURIComponent(slug)}/`];
}

/** The old blog's feeds, which feed readers keep polling: this blog's feed answers them. */
export function feedAddresses(platform: ImportPlatform, siteUrl: string | null): string[] {
  const base = basePath(siteUrl);
  if (platform === 'wordpress') return [`${base}/feed/`, `${base}/?feed=rss2`, `${base}/feed/atom/`];
  if (platform === 'blogger') return [`${base}/feeds/posts/default`, `${base}/feeds/posts/summary`];
  return [`${base}/rss/`];
}

function unique(addresses: (string | null)[]): string[] {
  return [...new Set(addresses.filter((address): address is string => address !== null && address.length > 1))];
}

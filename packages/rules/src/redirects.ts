import { PAGE_QUERY_PARAMS, RESERVED_PAGE_SLUGS } from './routes.js';

/**
 * Redirects from old addresses (a blog moved here from WordPress, Blogger or Ghost, or a post whose address
 * changed): how an address is written in the redirect table, so that every spelling of one request finds its row.
 * docs/decisions/025-redirects.md.
 */

export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

export const REDIRECT_LIMITS = {
  /** What the API takes as typed (percent-encoded Arabic is six characters a letter). */
  inputMaxLength: 6000,
  /**
   * A from-path once normalised, in UTF-8 bytes: its unique index entry must fit PostgreSQL's B-tree (2704 bytes at
   * most). Arabic is two bytes a letter: about 1,000 letters.
   */
  fromMaxBytes: 2000,
  /** Its column's length (characters): what fromMaxBytes allows of one-byte characters is cut here. */
  fromMaxLength: 1000,
  toMaxLength: 2000,
} as const;

/**
 * Query parameters that never say which page was asked for: campaign and click trackers, and Blogger's mobile view
 * (`?m=1`, `?m=0`; WordPress's `?m=202401`, a month's archive, is kept). A from-path and a request lose them.
 */
const TRACKING_PARAM = /^(utm_[a-z_]*|fbclid|gclid|msclkid|mc_cid|mc_eid)$/i;
const isDropped = (name: string, value: string | null) => TRACKING_PARAM.test(name) || (name === 'm' && (value === '0' || value === '1'));

/** Characters that stay percent-encoded when a path is decoded: decoded, they would end or split it, or be invisible. */
const KEPT_IN_PATH = /[%/?#\u0000-\u001f\u007f]/g;
/** The same in a query's names and values (`&`, `=` and `+` delimit or mean a space there). */
const KEPT_IN_QUERY = /[%&=+#\u0000-\u001f\u007f]/g;
const CONTROL = /[\u0000-\u001f\u007f]/g;
const ESCAPES = /(?:%[0-9a-fA-F]{2})+/g;

/**
 * Percent-escapes decoded once (UTF-8), except those of `kept` characters (upper-cased); a run of escapes that is not
 * UTF-8 (`%FF`) is left as it is, upper-cased. Then NFC, so a letter typed with a combining mark matches its
 * precomposed form (ا + ٔ is أ).
 */
function decodeOnce(text: string, kept: RegExp): string {
  const decoded = text.replace(ESCAPES, (run) => {
    try {
      return decodeURIComponent(run).replace(kept, (character) => encodeURIComponent(character));
    } catch {
      return run.toUpperCase();
    }
  });
  return decoded.normalize('NFC').replace(CONTROL, (character) => encodeURIComponent(character));
}

/** A path decoded once, without repeated slashes and without a trailing slash ('/' stays '/'). */
function normalisedPath(rawPath: string): string {
  const path = decodeOnce(rawPath, KEPT_IN_PATH).replace(/\/{2,}/g, '/');
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

interface Param {
  name: string;
  value: string | null;
}

const decodeQueryPart = (text: string) => decodeOnce(text.replace(/\+/g, ' '), KEPT_IN_QUERY);

function parseQuery(query: string): Param[] {
  return query
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf('=');
      return at < 0
        ? { name: decodeQueryPart(part), value: null }
        : { name: decodeQueryPart(part.slice(0, at)), value: decodeQueryPart(part.slice(at + 1)) };
    });
}

const writeQuery = (params: Param[]) => params.map(({ name, value }) => (value === null ? name : `${name}=${value}`)).join('&');

/** The parameters that say which page was asked for, in one order (`?b=2&a=1` is `?a=1&b=2`). */
function keyQuery(query: string): string {
  const params = parseQuery(query).filter(({ name, value }) => !isDropped(name, value));
  params.sort((a, b) => compare(a.name, b.name) || compare(a.value ?? '', b.value ?? ''));
  return writeQuery(params);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Splits an address into its path, its query (without '?') and its fragment (without '#'). */
function parts(address: string): { path: string; query: string; fragment: string | null } {
  const hash = address.indexOf('#');
  const fragment = hash < 0 ? null : address.slice(hash + 1);
  const beforeHash = hash < 0 ? address : address.slice(0, hash);
  const question = beforeHash.indexOf('?');
  return question < 0
    ? { path: beforeHash, query: '', fragment }
    : { path: beforeHash.slice(0, question), query: beforeHash.slice(question + 1), fragment };
}

/** `https://old.example/2019/05/post.html?m=1` → `/2019/05/post.html?m=1`: the host says nothing to this server. */
const ABSOLUTE = /^https?:\/\/[^/?#]*/i;

/**
 * The redirect table's key of an address: the path decoded once from percent-encoding to NFC UTF-8 (slashes,
 * `?`, `#`, `%` and control characters kept encoded), repeated and trailing slashes dropped ('/' stays), and the
 * query's parameters decoded the same way, sorted, without trackers and Blogger's `?m=1` (see isDropped); no
 * fragment. `/?p=12` keeps its query: WordPress's address of post 12. Undefined when the address is not a path
 * (nor an http(s) URL, whose path and query are taken).
 */
export function redirectKey(address: string): string | undefined {
  const relative = address.replace(ABSOLUTE, (origin) => (origin === address ? '/' : ''));
  const { path, query } = parts(relative.startsWith('?') ? `/${relative}` : relative);
  if (!path.startsWith('/')) return undefined;
  const kept = keyQuery(query);
  return normalisedPath(path) + (kept ? `?${kept}` : '');
}

/** The key's path, without its query. */
export function redirectKeyPath(key: string): string {
  return parts(key).path;
}

/**
 * Whether a key's query has a parameter no page of the blog reads (`/?p=12`): its redirect answers before the page
 * (which would show the same as the URL without it). Any other redirect answers only where the blog has no page.
 */
export function hasForeignQuery(key: string): boolean {
  return parseQuery(parts(key).query).some(({ name }) => !PAGE_QUERY_PARAMS.includes(name));
}

/**
 * The keys a request's 404 looks up, the most precise first: with its query, then without (`/old-post?foo=1` follows
 * the redirect of `/old-post`).
 */
export function redirectCandidates(key: string): string[] {
  const path = redirectKeyPath(key);
  return path === key ? [key] : [key, path];
}

/** The length of a text in UTF-8 bytes (this package has neither Buffer nor TextEncoder). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * First path segments the blog answers itself and never with a page of its own 404 (the API, uploads, built files,
 * feeds, search, sign-in, admin): a redirect from under them would never be reached. The post, category and tag
 * addresses are not among them: a post that is gone (or an old slug) may redirect.
 */
const OWN_FIRST_SEGMENTS: readonly string[] = [
  ...RESERVED_PAGE_SLUGS.filter((slug) => !['post', 'category', 'tag'].includes(slug)),
  'assets',
];
const SITEMAP = /^\/sitemap(-\d+)?\.xml$/;
/** Blogger's label pages: under `/search`, but the blog's search is `/search` alone, so they end in its 404. */
const BLOGGER_LABEL = /^\/search\/label\/[^/]+$/;

/** Why a from-path (a key) cannot be a redirect's, or undefined when it can. */
export function redirectFromProblem(key: string): 'too-long' | 'own-path' | undefined {
  if (utf8Bytes(key) > REDIRECT_LIMITS.fromMaxBytes || Array.from(key).length > REDIRECT_LIMITS.fromMaxLength) return 'too-long';
  const path = redirectKeyPath(key);
  const first = path.split('/')[1] ?? '';
  // The home page is always there; its own pages (`/?page=2`) too, and a query no page reads is fine (`/?p=12`).
  if (key === '/' || (OWN_FIRST_SEGMENTS.includes(first) && !BLOGGER_LABEL.test(path)) || SITEMAP.test(path)) return 'own-path';
  return undefined;
}

/**
 * A redirect's target as stored: a local path (normalised as a key's path; its query and fragment decoded once but
 * kept whole, trackers included: the author may want them) or an absolute http(s) URL as typed. An address on the
 * blog's own origin (`ownOrigin`, such as PUBLIC_URL) becomes its local path. Undefined when it is neither, or holds
 * white space or control characters (an absolute URL), or starts with `//` (another host).
 */
export function redirectTarget(input: string, ownOrigin?: string): string | undefined {
  const address = input.trim();
  const origin = ownOrigin?.replace(/\/+$/, '');
  if (origin && address.toLowerCase().startsWith(origin.toLowerCase()) && /^([/?#]|$)/.test(address.slice(origin.length))) {
    return redirectTarget(address.slice(origin.length).replace(/^(?=[?#]|$)/, '/'));
  }
  if (ABSOLUTE.test(address)) {
    const host = address.match(ABSOLUTE)?.[0].replace(/^https?:\/\//i, '') ?? '';
    return host && !/[\s\u0000-\u001f\u007f]/.test(address) ? address : undefined;
  }
  if (!address.startsWith('/') || address.startsWith('//')) return undefined;
  const { path, query, fragment } = parts(address);
  return (
    normalisedPath(path) +
    (query ? `?${writeQuery(parseQuery(query))}` : '') +
    (fragment !== null ? `#${decodeOnce(fragment, KEPT_IN_PATH)}` : '')
  );
}

/** Whether a stored target is a path on this blog (else an absolute URL). */
export function isLocalTarget(target: string): boolean {
  return target.startsWith('/');
}

/** Characters a Location header (and a URL) may carry as they are; `%` begins the escapes a target keeps. */
const NOT_IN_URL = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?#%[\]]/gu;

/**
 * The Location header of a target: every other character percent-encoded as UTF-8 (Arabic, spaces, and `\`, which
 * a browser would read as `/`, turning `/\host` into another site).
 */
export function redirectLocation(target: string): string {
  return target.replace(NOT_IN_URL, (character) => encodeURIComponent(character));
}

import type { BlockKind } from './federation-block.entity';

/** What the author typed, as a block: a host name (lower-cased, IDN as punycode) or an actor id; null when it is neither. */
export function blockOf(input: string): { kind: BlockKind; value: string } | null {
  const text = input.trim();
  if (/^https?:\/\//i.test(text)) {
    try {
      const url = new URL(text);
      return url.hostname ? { kind: 'actor', value: url.href } : null;
    } catch {
      return null;
    }
  }
  const host = text.replace(/^@/, '').replace(/^\*\./, '').replace(/\.$/, '');
  if (!/^[^\s/:@?#]+\.[^\s/:@?#]+$/u.test(host)) return null;
  try {
    const { hostname } = new URL(`https://${host}`);
    return /^[a-z0-9.-]+$/.test(hostname) ? { kind: 'domain', value: hostname } : null;
  } catch {
    return null;
  }
}

/** A host and each domain above it (`a.b.example` → a.b.example, b.example, example): what a domain block may name. */
export function domainsOf(hostname: string): string[] {
  const parts = hostname.toLowerCase().replace(/\.$/, '').split('.');
  return parts.map((_, index) => parts.slice(index).join('.'));
}

export function hostIsBlockedBy(hostname: string, domain: string): boolean {
  return domainsOf(hostname).includes(domain);
}

/** The values a block of this actor could be stored under: its id, its host and the domains above it. */
export function blockValuesOf(actorUrl: URL | string): string[] {
  const url = typeof actorUrl === 'string' ? new URL(actorUrl) : actorUrl;
  return [url.href, ...domainsOf(url.hostname)];
}

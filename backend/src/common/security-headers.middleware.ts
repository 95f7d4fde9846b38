import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** YouTube is the only embed the sanitiser lets through (docs/decisions/002). */
const FRAME_SOURCES = ['https://www.youtube.com', 'https://www.youtube-nocookie.com'];

/**
 * `'sha256-…'` sources for the executable inline scripts of a page template (the pre-paint theme script). JSON data
 * scripts are not executed and need none. Hashes, not nonces: a rendered page is the same bytes for every visitor.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc=/i.test(attributes ?? '') || /type=["']?application\/(ld\+)?json/i.test(attributes ?? '')) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

export interface SecurityHeaderOptions {
  /** HSTS and upgrade-insecure-requests only make sense when the site is served over HTTPS. */
  https: boolean;
  /** From inlineScriptHashes() of the page template. */
  scriptHashes: string[];
  /** Other origins images load from: the bucket or CDN of S3_PUBLIC_URL, where `/uploads/…` redirects. */
  imageOrigins?: string[];
}

/**
 * Headers every response carries: a Content-Security-Policy with no inline-script allowance beyond the template's own
 * hashed script, no MIME sniffing, no framing by other sites, no full referrers to other sites, a browsing context
 * of our own (COOP) and, on HTTPS, HSTS. Styles may be inline: emotion (Chakra) inserts its rules at run time.
 */
export function securityHeaders({ https, scriptHashes, imageOrigins = [] }: SecurityHeaderOptions): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...imageOrigins],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: FRAME_SOURCES,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Cross-origin isolation would block the YouTube embeds; uploads may be shown by other sites (feeds).
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'sameorigin' },
    xContentTypeOptions: true,
  });
}

import { shareImageVersion, type ShareImageSubject } from '@mudawwana/rules';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { sendError } from '../common/error-body';
import { sendBusy } from '../site/busy-page';
import { RenderUnavailable } from '../site/render-unavailable';
import type { ShareImages } from './share-images.service';

/** A versioned address (`?v=` the image's current version, as pages name it) never shows anything else: kept a year. */
export const VERSIONED_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** The bare address follows the title: any cache asks again each time (a 304 while the ETag is the same). */
export const UNVERSIONED_CACHE_CONTROL = 'public, no-cache';

const SUBJECT = /^\/(?:(post|page)\/([^/]+)\.png|home\.png)$/;

/** The subject a path under /og names, or undefined for any other path (a slug that is not percent-encoding too). */
export function subjectOfPath(path: string): ShareImageSubject | undefined {
  const match = SUBJECT.exec(path);
  if (!match) return undefined;
  if (!match[1]) return { kind: 'home' };
  try {
    return { kind: match[1] as 'post' | 'page', slug: decodeURIComponent(match[2]) };
  } catch {
    return undefined;
  }
}

/**
 * `/og/post/<slug>.png`, `/og/page/<slug>.png`, `/og/home.png`: the share images (docs/decisions/027-share-images.md).
 * The ETag is the image's version, which changes with what it shows; 404 (JSON) for a post readers cannot see, a page
 * that does not exist or any other path; 503 with Retry-After when too many images wait to be drawn.
 */
export function serveShareImages(images: ShareImages): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const subject = subjectOfPath(request.path);
    if (!subject) return sendError(response, 404, 'No share image has this address');
    serve(images, subject, request, response).catch((error: unknown) => {
      if (error instanceof RenderUnavailable) return sendBusy(request, response, error);
      next(error);
    });
  };
}

async function serve(images: ShareImages, subject: ShareImageSubject, request: Request, response: Response): Promise<void> {
  const found = await images.find(subject);
  if (!found) {
    return subject.kind === 'page'
      ? sendError(response, 404, 'No page has this slug', { code: 'PAGE_NOT_FOUND' })
      : sendError(response, 404, 'No post has this slug', { code: 'POST_NOT_FOUND' });
  }
  const version = shareImageVersion(found.shows);
  const etag = `"${version}"`;
  response.setHeader('Cache-Control', request.query.v === version ? VERSIONED_CACHE_CONTROL : UNVERSIONED_CACHE_CONTROL);
  response.setHeader('ETag', etag);
  if (request.headers['if-none-match'] === etag) {
    response.status(304).end();
    return;
  }
  const image = await images.image(found);
  response.status(200).type('image/png').setHeader('Content-Length', image.png.length);
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  response.end(image.png);
}

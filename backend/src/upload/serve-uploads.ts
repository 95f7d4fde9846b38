import express, { type RequestHandler, type Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { Logger } from '@nestjs/common';
import { errorBody, sendError } from '../common/error-body';
import type { AppConfig } from '../config/app-config';
import { MissingVariants } from './missing-variants';
import { isUploadKey, STORAGE_UNAVAILABLE, UPLOAD_CACHE_CONTROL, UploadStorage } from './storage';

const logger = new Logger('Uploads');
const notFound = (res: Response) => sendError(res, 404, 'Upload not found', { code: 'UPLOAD_NOT_FOUND' });

/**
 * `/uploads/<key>`. On disk, express.static (ranges, conditional requests). From a bucket with a public address
 * (S3_PUBLIC_URL), a permanent redirect there: post HTML keeps `/uploads/…` URLs, so a blog moves between
 * storages without rewriting its content (docs/decisions/008). From a private bucket, the bytes are streamed
 * through the app. On disk and from a private bucket, a variant that pages list but storage lacks is made on its
 * first request (MissingVariants); a public bucket is filled by `npm run images:variants`.
 */
export function serveUploads(config: Pick<AppConfig, 'uploadsDir' | 's3'>, storage: UploadStorage): RequestHandler {
  const variants = new MissingVariants(storage);
  if (!config.s3) {
    const serveFile = express.static(config.uploadsDir, { index: false, immutable: true, maxAge: '365d', dotfiles: 'deny' });
    return (req, res, next) =>
      serveFile(req, res, () => {
        const key = req.path.slice(1);
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !isUploadKey(key)) return notFound(res);
        variants.make(key).then((made) => (made ? serveFile(req, res, () => notFound(res)) : notFound(res)), next);
      });
  }
  const publicUrl = config.s3.publicUrl;
  return async (req, res) => {
    const key = req.path.slice(1);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isUploadKey(key)) return notFound(res);
    if (publicUrl) {
      res.set('Cache-Control', UPLOAD_CACHE_CONTROL).redirect(301, `${publicUrl}/${key}`);
      return;
    }
    try {
      const stored = (await storage.get(key)) ?? ((await variants.make(key)) ? await storage.get(key) : undefined);
      if (!stored) return notFound(res);
      res.set({ 'Content-Type': stored.contentType, 'Cache-Control': UPLOAD_CACHE_CONTROL });
      if (stored.etag) res.set('ETag', stored.etag);
      if (stored.lastModified) res.set('Last-Modified', stored.lastModified.toUTCString());
      if (stored.etag && req.headers['if-none-match'] === stored.etag) {
        stored.body.destroy();
        res.status(304).end();
        return;
      }
      if (stored.size !== undefined) res.set('Content-Length', String(stored.size));
      if (req.method === 'HEAD') {
        stored.body.destroy();
        res.end();
        return;
      }
      await pipeline(stored.body, res);
    } catch (error) {
      if (res.headersSent) return res.destroy();
      // The bucket is down or unreachable: the page around the image still serves; the image says when to come back.
      logger.warn(`GET /uploads/${key}: ${storage.description} failed (${(error as Error)?.message ?? String(error)})`);
      const { code, message, retryAfter } = STORAGE_UNAVAILABLE;
      res
        .set('Retry-After', String(retryAfter))
        .status(503)
        .json(errorBody(503, message, { code, retryAfter }));
    }
  };
}

import { Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/**
 * The blog's origin for absolute links that leave the browser (feed, sitemap, mails): PUBLIC_URL, or this server's
 * own address while it is unset (development, and tests listening on a free port). Never the request's Host header.
 */
@Injectable()
export class PublicOrigin {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  get(): string {
    if (this.config.publicUrl) return this.config.publicUrl;
    const address = (this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined)?.address();
    return `http://localhost:${typeof address === 'object' && address ? address.port : this.config.port}`;
  }
}

/** An absolute link on the blog: its origin and a path, with exactly one slash between them. */
export function absolute(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** A path with each segment percent-encoded once (an Arabic slug already encoded stays as it is). */
export function encodePath(path: string): string {
  return path
    .split('/')
    .map((part) => encodeURIComponent(decodeURIComponent(part)))
    .join('/');
}

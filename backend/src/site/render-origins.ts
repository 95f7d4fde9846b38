import { Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import { PublicOrigin } from '../common/public-origin';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import type { RenderOptions } from './ssr-module';

/** Where renders read the app's API (the port it listens on, known once it listens) and the blog's public origin. */
@Injectable()
export class RenderOrigins {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly publicOrigin: PublicOrigin,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  current(): RenderOptions {
    const address = (this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined)?.address();
    const port = typeof address === 'object' && address ? address.port : this.config.port;
    return { apiBaseUrl: `http://127.0.0.1:${port}`, publicUrl: this.publicOrigin.get() };
  }
}

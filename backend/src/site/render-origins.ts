import type { RenderOptions } from '@mudawwana/rules';
import { Injectable } from '@nestjs/common';
import { PublicOrigin } from '../common/public-origin';

/** What every render is told: the blog's public origin (its reads are answered in-process, site/loaders.ts). */
@Injectable()
export class RenderOrigins {
  constructor(private readonly publicOrigin: PublicOrigin) {}

  current(): RenderOptions {
    return { publicUrl: this.publicOrigin.get() };
  }
}

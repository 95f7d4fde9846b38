import {
  BeforeApplicationShutdown,
  DynamicModule,
  Inject,
  Injectable,
  Module,
  OnApplicationBootstrap,
  type INestApplicationContext,
} from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { existsSync } from 'node:fs';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { RedirectsModule } from '../redirects/redirects.module';
import { buildIdOf } from './build-id';
import { ChangeClock } from './change-clock';
import { FooterFragment } from './footer-fragment';
import { MemoryPages } from './memory-pages';
import type { RenderReader } from './loaders';
import { PageBuilder } from './page-builder';
import { PageFill } from './page-fill';
import { PageFreshness } from './page-freshness';
import { PageRebuilds, SITE_BUILD_ID } from './page-rebuilds';
import { PageServer } from './page-server';
import { PageStore } from './page-store';
import { ServingPathWarmUp } from './serving-path-warm-up';
import { PageTemplate } from './page-template';
import { RenderOrigins } from './render-origins';
import { RenderQueue } from './render-queue';
import { WorkerRenderer } from './render-worker';
import type { SiteFiles } from './site-files';
import { SSR_MODULE, type SsrModule } from './ssr-module';
import { SiteRedirects } from './site-redirects';
import { StaticPageSlugs } from './static-page-slugs';

/** How many renders at once: one's data loading (this thread) overlaps another's rendering (the render worker). */
const RENDER_CONCURRENCY = 2;
/** Background renders (the start-up fill, the sweep) keep at most half a core busy (render-queue.ts). */
const BACKGROUND_RENDER_SHARE = 0.5;

/**
 * Starts keeping the pages fresh once the app is up; stops the page store and then the render worker, once the
 * renders under way are done (a stop on a signal, after the last reader is answered and before the database
 * closes: shutdown.ts). The app's closing stops them too, without waiting.
 */
@Injectable()
export class SiteLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private stopped?: Promise<void>;

  constructor(
    private readonly freshness: PageFreshness,
    private readonly queue: RenderQueue,
    private readonly fill: PageFill,
    @Inject(SSR_MODULE) private readonly ssr: SsrModule,
  ) {}

  onApplicationBootstrap(): void {
    this.freshness.start();
  }

  /**
   * Starts nothing more: renders still waiting fail; resolves once those under way are done (and stored) and the
   * start-up fill has seen the stop (its reads are not renders).
   */
  stop(): Promise<void> {
    this.freshness.stop();
    return (this.stopped ??= this.queue
      .stop()
      .then(() => this.fill.ended())
      .then(() => this.ssr.close()));
  }

  beforeApplicationShutdown(): void {
    void this.stop();
  }
}

/** The site's lifecycle when the app serves the site (SiteModule is registered only once the frontend is built). */
export function siteLifecycleOf(app: INestApplicationContext): SiteLifecycle | undefined {
  // Looked up only when registered: app.get of a provider that is not there ends the process (Nest's abortOnError).
  const registered = [...app.get(ModulesContainer).values()].some((module) => module.metatype === SiteModule);
  return registered ? app.get(SiteLifecycle) : undefined;
}

/**
 * The renders' reads, answered in-process by the loader table (site/loaders.ts) and matched to their operations by
 * the API's own paths. app.ts builds the OpenAPI document once the modules exist, so mountSite hands the reader over
 * before the server listens, and no render can come earlier.
 */
@Injectable()
export class RenderReads {
  private reader?: RenderReader;

  answerWith(reader: RenderReader): void {
    this.reader = reader;
  }

  readonly read: RenderReader = (url, query) => {
    if (!this.reader) throw new Error('server rendering read before the site was mounted');
    return this.reader(url, query);
  };
}

/**
 * The public pages from the page store (docs/decisions/004-page-store.md), as small providers with one job each:
 * PageServer serves (memory → store → render), PageFreshness keeps pages fresh after changes (ChangeClock is what
 * it shares with the readers), FooterFragment holds the footer every page is composed with, PageFill fills the store
 * and memory at start-up, PageRebuilds renders (PageBuilder) into the store. Registered only when the frontend is
 * built; site/mount-site.ts puts it in front of readers.
 */
@Module({})
export class SiteModule {
  static forRoot(config: AppConfig, files: SiteFiles): DynamicModule {
    return {
      module: SiteModule,
      imports: [RedirectsModule],
      providers: [
        { provide: PageTemplate, useValue: new PageTemplate(files.template) },
        {
          provide: SITE_BUILD_ID,
          useFactory: () =>
            buildIdOf(
              files.template,
              [files.ssrEntry, files.renderWorker].filter((file) => existsSync(file)),
            ),
        },
        {
          provide: SSR_MODULE,
          inject: [RenderReads],
          useFactory: (reads: RenderReads) =>
            new WorkerRenderer(files.renderWorker, reads.read, config.renderDeadlineMs, {
              oldMb: config.memory.workerHeapMb,
              semiSpaceMb: config.memory.semiSpaceMb,
            }),
        },
        { provide: PageStore, inject: [DataSource], useFactory: (dataSource: DataSource) => new PageStore(dataSource) },
        { provide: MemoryPages, useFactory: () => new MemoryPages(config.memory.pagesMb * 1024 * 1024) },
        { provide: RenderQueue, useFactory: () => new RenderQueue(RENDER_CONCURRENCY, config.renderQueueMax, BACKGROUND_RENDER_SHARE) },
        RenderReads,
        ChangeClock,
        RenderOrigins,
        PageBuilder,
        PageRebuilds,
        FooterFragment,
        StaticPageSlugs,
        SiteRedirects,
        PageServer,
        PageFill,
        ServingPathWarmUp,
        PageFreshness,
        SiteLifecycle,
      ],
    };
  }
}

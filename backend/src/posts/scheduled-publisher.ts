import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ContentEvents } from '../common/content-events';
import { currentContentChanges, recordingContentChanges } from '../common/content-tags';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { PostsService } from './posts.service';

/**
 * Brings scheduled posts out. Readers' queries already hide a post until its time (posts/reader-visible.ts);
 * what a time cannot do by itself is tell the page store, so every SCHEDULER_INTERVAL_MS each instance looks for
 * posts whose time has come and announces them as a publish would. Each post is claimed by one UPDATE, so with
 * several instances on one PostgreSQL database exactly one announces it (the content-change bridge tells the
 * others); the state is the database's, so a post that came due while every instance was down is announced at the
 * first look after a start.
 */
@Injectable()
export class ScheduledPublisher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ScheduledPublisher');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly posts: PostsService,
    private readonly events: ContentEvents,
  ) {}

  onApplicationBootstrap(): void {
    // unref: the timer never keeps a process alive on its own (the CLI tools boot the app too)
    this.timer = setInterval(() => void this.tick(), this.config.schedulerIntervalMs).unref();
    void this.tick();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One look; a look still running when the next is due is not doubled. */
  tick(): Promise<void> {
    this.running ??= this.publishDue().finally(() => (this.running = undefined));
    return this.running;
  }

  private async publishDue(): Promise<void> {
    try {
      const tags = await new Promise<string[]>((resolve, reject) =>
        recordingContentChanges(() => {
          this.posts
            .announceDuePublications()
            .then((ids) => resolve(ids.length > 0 ? [...(currentContentChanges() ?? [])] : []))
            .catch(reject);
        }),
      );
      if (tags.length > 0) await this.events.notify('local', tags);
    } catch (error) {
      this.logger.warn(`scheduled publishing failed (next try in ${this.config.schedulerIntervalMs} ms): ${(error as Error).message}`);
    }
  }
}

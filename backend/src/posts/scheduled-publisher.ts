import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DomainEvents } from '../common/domain-events';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { PostsService } from './posts.service';

/**
 * Brings scheduled posts out, and says when a post's comments have closed by time. Readers' queries already hide a post until its time (posts/reader-visible.ts);
 * what a time cannot do by itself is say that it came, so every SCHEDULER_INTERVAL_MS each instance looks for posts
 * whose time has come and announces them (posts.becamePublic: the site rebuilds their pages as after a publish). Each
 * post is claimed by one UPDATE, so with several instances on one PostgreSQL database exactly one announces it (the
 * content-change bridge tells the others' page stores); the state is the database's, so a post that came due while
 * every instance was down is announced at the first look after a start. Comments closing N days after publication are the same: the time alone closes them to
 * new comments (comments.service), and the look announces it (posts.commentsClosed: the post's page is built again
 * without its form), claimed through Post.commentsCloseAt.
 */
@Injectable()
export class ScheduledPublisher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ScheduledPublisher');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly posts: PostsService,
    private readonly events: DomainEvents,
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
      const published = await this.posts.claimDuePublications();
      if (published.length > 0) await this.events.emit('posts.becamePublic', { posts: published });
      const closed = await this.posts.claimDueCommentClosings();
      if (closed.length > 0) await this.events.emit('posts.commentsClosed', { posts: closed });
    } catch (error) {
      this.logger.warn(`scheduled publishing failed (next try in ${this.config.schedulerIntervalMs} ms): ${(error as Error).message}`);
    }
  }
}

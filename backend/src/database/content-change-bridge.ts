import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { ContentEvents, EVERYTHING } from '../common/content-events';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/** Also notified by `npm run restore`, so running instances drop the pages they rendered before it. */
export const CONTENT_CHANGED_CHANNEL = 'mudawwana_content_changed';

/** The listener's connection in pg_stat_activity (an operator can tell it from the pool's; the outage test finds it so). */
export const LISTENER_APPLICATION_NAME = 'mudawwana-listener';

/**
 * After the listening connection is lost: the first attempt to listen again half a second later, then twice as long
 * after each refusal, at most five seconds apart (a database down for an hour is asked 720 times, not 3,600, and
 * once it is back the instances catch up within five seconds).
 */
const FIRST_RELISTEN_MS = 500;
const LONGEST_RELISTEN_MS = 5_000;
/** A connection attempt that hangs (a network that drops packets) is given up and tried again. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Several instances share one PostgreSQL database, and each keeps pages in memory in front of the shared page store.
 * This relays "content changed" (with its tags) between them with LISTEN/NOTIFY: a local change is announced on
 * the channel, and a change announced by another instance is replayed locally. Nothing to do on SQLite (one process).
 */
@Injectable()
export class ContentChangeBridge implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ContentChangeBridge');
  private readonly instanceId = randomUUID();
  private client?: Client;
  private unsubscribe?: () => void;
  private closed = false;
  /** The wait before the next attempt to listen again, and how many attempts in a row were refused. */
  private relistenMs = FIRST_RELISTEN_MS;
  private refused = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: ContentEvents,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { database } = this.config;
    if (database.type !== 'postgres') return;
    this.unsubscribe = this.events.on((origin, tags) => {
      if (origin === 'local') void this.announce(tags.join(','));
    });
    await this.listen(database.url);
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.unsubscribe?.();
    await this.client?.end().catch(() => undefined);
  }

  private async listen(url: string): Promise<void> {
    const client = new Client({
      connectionString: url,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A peer that vanished without closing (a cut network) is noticed by TCP keepalive, then listened to again.
      keepAlive: true,
    });
    client.on('error', (error) => this.logger.warn(`listener connection lost: ${error.message}`));
    client.on('end', () => this.lost(client, url));
    // The payload: the sending instance's id, then the change's tags ("<id> post:3,posts").
    client.on('notification', (message) => {
      if (message.channel !== CONTENT_CHANGED_CHANNEL) return;
      const [sender, tags = ''] = (message.payload ?? '').split(' ');
      if (sender !== this.instanceId) this.replay(tags.split(',').filter(Boolean));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CONTENT_CHANGED_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
  }

  private announce(tags: string): Promise<unknown> | undefined {
    return this.client?.query('SELECT pg_notify($1, $2)', [CONTENT_CHANGED_CHANNEL, `${this.instanceId} ${tags}`]).catch(() => undefined);
  }

  /**
   * The listening connection ended (the database restarted, a proxy or an administrator closed it): listen again.
   * Changes announced meanwhile were missed here, and this instance's own were not announced: once listening again,
   * every page kept in memory here and on the other instances is dropped (a change of everything, "*").
   */
  private lost(client: Client, url: string): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    this.relistenMs = FIRST_RELISTEN_MS;
    this.refused = 0;
    this.forgetUnheard();
    this.scheduleListenAgain(url);
  }

  /**
   * While nobody listens, changes made on the other instances go unheard (the database itself may be serving them:
   * only new connections refused, as when its connection slots are full). So at each attempt the pages this instance
   * keeps in memory are dropped: it serves from the shared page store, which the instance that made a change has
   * marked stale, and shows that change within one wait between attempts instead of once the listener is back.
   */
  private forgetUnheard(): void {
    this.replay([EVERYTHING]);
  }

  private scheduleListenAgain(url: string): void {
    setTimeout(() => void this.listenAgain(url), this.relistenMs).unref();
  }

  private async listenAgain(url: string): Promise<void> {
    if (this.closed) return;
    try {
      await this.listen(url);
    } catch (error) {
      this.refused += 1;
      this.relistenMs = Math.min(this.relistenMs * 2, LONGEST_RELISTEN_MS);
      this.logger.warn(`could not listen again (${this.refused} in a row, next in ${this.relistenMs} ms): ${(error as Error).message}`);
      this.forgetUnheard();
      this.scheduleListenAgain(url);
      return;
    }
    if (this.closed) {
      await this.client?.end().catch(() => undefined);
      return;
    }
    this.logger.log(`listening again for content changes (after ${this.refused} refused attempts)`);
    await this.announce(EVERYTHING);
    this.replay([EVERYTHING]);
  }

  /** Replays a change made elsewhere; a listener that fails is logged, never an unhandled rejection. */
  private replay(tags: string[]): void {
    this.events.notify('remote', tags).catch((error) => this.logger.warn(`could not replay a remote change: ${(error as Error).message}`));
  }
}

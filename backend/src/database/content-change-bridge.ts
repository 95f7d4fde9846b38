import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { ContentEvents } from '../common/content-events';
import { ContentTag } from '../common/content-tags';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/** Also notified by `npm run restore`, so running instances drop the pages they rendered before it. */
export const CONTENT_CHANGED_CHANNEL = 'mudawwana_content_changed';

/** How long to wait before listening again after the connection was lost (or could not be made again). */
const RELISTEN_MS = 1_000;

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
    const client = new Client({ connectionString: url });
    client.on('error', (error) => this.logger.warn(`listener connection lost: ${error.message}`));
    client.on('end', () => this.lost(client, url));
    // The payload: the sending instance's id, then the change's tags ("<id> post:3,posts").
    client.on('notification', (message) => {
      if (message.channel !== CONTENT_CHANGED_CHANNEL) return;
      const [sender, tags = ''] = (message.payload ?? '').split(' ');
      if (sender !== this.instanceId) void this.events.notify('remote', tags.split(',').filter(Boolean));
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
    setTimeout(() => void this.listenAgain(url), RELISTEN_MS).unref();
  }

  private async listenAgain(url: string): Promise<void> {
    if (this.closed) return;
    try {
      await this.listen(url);
    } catch (error) {
      this.logger.warn(`could not listen again: ${(error as Error).message}`);
      setTimeout(() => void this.listenAgain(url), RELISTEN_MS).unref();
      return;
    }
    if (this.closed) {
      await this.client?.end().catch(() => undefined);
      return;
    }
    this.logger.log('listening again for content changes');
    await this.announce(ContentTag.all);
    await this.events.notify('remote', [ContentTag.all]);
  }
}

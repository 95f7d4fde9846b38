import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { ContentEvents } from '../common/content-events';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/** Also notified by `npm run restore`, so running instances drop the pages they rendered before it. */
export const CONTENT_CHANGED_CHANNEL = 'mudawwana_content_changed';

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

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: ContentEvents,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.database.type !== 'postgres') return;
    const client = new Client({ connectionString: this.config.database.url });
    client.on('error', (error) => this.logger.warn(`listener connection lost: ${error.message}`));
    await client.connect();
    await client.query(`LISTEN ${CONTENT_CHANGED_CHANNEL}`);
    // The payload: the sending instance's id, then the change's tags ("<id> post:3,posts").
    client.on('notification', (message) => {
      if (message.channel !== CONTENT_CHANGED_CHANNEL) return;
      const [sender, tags = ''] = (message.payload ?? '').split(' ');
      if (sender !== this.instanceId) void this.events.notify('remote', tags.split(',').filter(Boolean));
    });
    this.unsubscribe = this.events.on((origin, tags) => {
      if (origin === 'local')
        client.query('SELECT pg_notify($1, $2)', [CONTENT_CHANGED_CHANNEL, `${this.instanceId} ${tags.join(',')}`]).catch(() => undefined);
    });
    this.client = client;
  }

  async onApplicationShutdown(): Promise<void> {
    this.unsubscribe?.();
    await this.client?.end().catch(() => undefined);
  }
}

import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { TypeormSessionStore } from '../auth/typeorm-session.store';
import { ContentEvents } from '../common/content-events';
import { DomainEvents } from '../common/domain-events';
import { OutboundRequests } from '../common/outbound-requests';
import { PublicOrigin } from '../common/public-origin';
import { ContentChangeBridge } from './content-change-bridge';
import { ContentVersionWatcher } from './content-version';
import { OffThreadReads } from './off-thread-reads';
import { SqliteCheckpoints } from './sqlite-checkpoints';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { createUploadStorage } from '../upload/create-storage';
import { UPLOAD_STORAGE, UploadStorage } from '../upload/storage';

/** Closes the database connection when the app closes (tests drop their database right after). */
@Injectable()
class DatabaseCloser implements OnApplicationShutdown {
  constructor(private readonly dataSource: DataSource) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/** Closes the upload storage's connections (an S3 client keeps sockets open) when the app closes. */
@Injectable()
class UploadStorageCloser implements OnApplicationShutdown {
  constructor(@Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage) {}

  async onApplicationShutdown(): Promise<void> {
    await this.storage.close();
  }
}

/**
 * The configuration, the open DataSource and its off-thread reads, the upload storage, the guard of outbound requests, the session store, the domain events and the content
 * events, available to all modules. Repositories are not here: each feature module provides its own (docs/architecture.md).
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig, dataSource: DataSource): DynamicModule {
    const providers = [
      { provide: APP_CONFIG, useValue: config },
      { provide: DataSource, useValue: dataSource },
      { provide: UPLOAD_STORAGE, useFactory: () => createUploadStorage(config) },
      { provide: OutboundRequests, useFactory: () => new OutboundRequests(config.outboundAllowedPrivateHosts) },
      TypeormSessionStore,
      ContentEvents,
      DomainEvents,
      ContentVersionWatcher,
      PublicOrigin,
      OffThreadReads,
      SqliteCheckpoints,
    ];
    return { module: CoreModule, providers: [...providers, DatabaseCloser, UploadStorageCloser, ContentChangeBridge], exports: providers };
  }
}

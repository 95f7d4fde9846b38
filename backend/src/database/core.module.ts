import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { TypeormSessionStore } from '../auth/typeorm-session.store';
import { ContentEvents } from '../common/content-events';
import { PublicOrigin } from '../common/public-origin';
import { ContentChangeBridge } from './content-change-bridge';
import { DataSource } from 'typeorm';
import { CategoriesRepository } from '../categories/categories.repository';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { PagesRepository } from '../pages/pages.repository';
import { PostsRepository } from '../posts/posts.repository';
import { RevisionsRepository } from '../revisions/revisions.repository';
import { SettingsRepository } from '../settings/settings.repository';
import { createUploadStorage } from '../upload/create-storage';
import { UPLOAD_STORAGE, UploadStorage } from '../upload/storage';
import { UsersRepository } from '../users/users.repository';

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

const REPOSITORIES = [CategoriesRepository, PagesRepository, PostsRepository, RevisionsRepository, SettingsRepository, UsersRepository];

/**
 * The configuration, the public origin, the open DataSource, the upload storage and every repository, available to all modules. Repositories
 * are shared (posts need categories and categories count posts), so they live here rather than in a
 * feature module that the other would have to import in a cycle.
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig, dataSource: DataSource): DynamicModule {
    const providers = [
      { provide: APP_CONFIG, useValue: config },
      { provide: DataSource, useValue: dataSource },
      { provide: UPLOAD_STORAGE, useFactory: () => createUploadStorage(config) },
      ...REPOSITORIES,
      TypeormSessionStore,
      ContentEvents,
      PublicOrigin,
    ];
    return { module: CoreModule, providers: [...providers, DatabaseCloser, UploadStorageCloser, ContentChangeBridge], exports: providers };
  }
}

import { DynamicModule, Global, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { TypeormSessionStore } from '../auth/typeorm-session.store';
import { ContentEvents } from '../common/content-events';
import { ContentChangeBridge } from './content-change-bridge';
import { DataSource } from 'typeorm';
import { CategoriesRepository } from '../categories/categories.repository';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { PagesRepository } from '../pages/pages.repository';
import { PostsRepository } from '../posts/posts.repository';
import { SettingsRepository } from '../settings/settings.repository';
import { UsersRepository } from '../users/users.repository';

/** Closes the database connection when the app closes (tests drop their database right after). */
@Injectable()
class DatabaseCloser implements OnApplicationShutdown {
  constructor(private readonly dataSource: DataSource) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

const REPOSITORIES = [CategoriesRepository, PagesRepository, PostsRepository, SettingsRepository, UsersRepository];

/**
 * The configuration, the open DataSource and every repository, available to all modules. Repositories
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
      ...REPOSITORIES,
      TypeormSessionStore,
      ContentEvents,
    ];
    return { module: CoreModule, providers: [...providers, DatabaseCloser, ContentChangeBridge], exports: providers };
  }
}

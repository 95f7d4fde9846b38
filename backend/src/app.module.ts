import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AuthModule } from './auth/auth.module';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { createValidationPipe } from './common/validation';
import { AppConfig } from './config/app-config';
import { CategoriesModule } from './categories/categories.module';
import { CommentsModule } from './comments/comments.module';
import { CoreModule } from './database/core.module';
import { ExportModule } from './export/export.module';
import { FederationModule } from './federation/federation.module';
import { HealthModule } from './health/health.module';
import { NewsletterModule } from './newsletter/newsletter.module';
import { PagesModule } from './pages/pages.module';
import { PostsModule } from './posts/posts.module';
import { ImportModule } from './import/import.module';
import { RedirectsModule } from './redirects/redirects.module';
import { SearchModule } from './search/search.module';
import { SettingsModule } from './settings/settings.module';
import { ShareImagesModule } from './share-images/share-images.module';
import { PagesTouched } from './site/pages-touched';
import { SiteModule } from './site/site.module';
import type { SiteFiles } from './site/site-files';
import { TagsModule } from './tags/tags.module';
import { ApiTokensModule } from './tokens/api-tokens.module';
import { UploadModule } from './upload/upload.module';
import { UsersModule } from './users/users.module';

@Module({})
export class AppModule {
  /** `site`: the built frontend, when the app serves the site too (not for API tests nor the OpenAPI writer). */
  static forRoot(config: AppConfig, dataSource: DataSource, site?: SiteFiles): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, dataSource),
        AuthModule,
        UsersModule,
        PostsModule,
        CategoriesModule,
        PagesModule,
        SettingsModule,
        UploadModule,
        NewsletterModule,
        CommentsModule,
        HealthModule,
        ApiTokensModule,
        SearchModule,
        TagsModule,
        RedirectsModule,
        ExportModule,
        ImportModule,
        ShareImagesModule,
        FederationModule,
        ...(site ? [SiteModule.forRoot(config, site)] : []),
      ],
      providers: [
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        // The site follows the domain's events (whether or not this app serves the site: other instances may).
        PagesTouched,
      ],
    };
  }
}

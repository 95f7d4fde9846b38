import { Module } from '@nestjs/common';
import { CategoriesModule } from '../categories/categories.module';
import { TagsModule } from '../tags/tags.module';
import { ExportController } from './export.controller';
import { ExportRepository } from './export.repository';
import { ExportService } from './export.service';

/** The blog as a file for another platform: reads posts, pages and comments itself, categories and tags through their services. */
@Module({ imports: [CategoriesModule, TagsModule], controllers: [ExportController], providers: [ExportService, ExportRepository] })
export class ExportModule {}

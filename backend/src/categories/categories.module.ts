import { Module } from '@nestjs/common';
import { PostCountsModule } from '../posts/post-counts';
import { CategoriesController } from './categories.controller';
import { CategoriesRepository } from './categories.repository';
import { CategoriesService } from './categories.service';

/** Owns the categories table; other features read categories through CategoriesService. */
@Module({
  imports: [PostCountsModule],
  controllers: [CategoriesController],
  providers: [CategoriesService, CategoriesRepository],
  exports: [CategoriesService],
})
export class CategoriesModule {}

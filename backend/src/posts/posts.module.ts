import { Module } from '@nestjs/common';
import { CategoriesModule } from '../categories/categories.module';
import { PostCountsModule } from './post-counts';
import { PostsController } from './posts.controller';
import { PostsRepository } from './posts.repository';
import { PostsService } from './posts.service';

/** Owns the posts table; categories read its counts through the PostCounts read model. */
@Module({
  imports: [CategoriesModule, PostCountsModule],
  controllers: [PostsController],
  providers: [PostsService, PostsRepository],
})
export class PostsModule {}

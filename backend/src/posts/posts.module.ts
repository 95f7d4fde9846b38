import { Module } from '@nestjs/common';
import { CategoriesModule } from '../categories/categories.module';
import { PostCountsModule } from './post-counts';
import { PostsController } from './posts.controller';
import { PostsRepository } from './posts.repository';
import { PostsService } from './posts.service';
import { ScheduledPublisher } from './scheduled-publisher';
import { RevisionsModule } from '../revisions/revisions.module';
import { UsersModule } from '../users/users.module';

/** Owns the posts table; categories read its counts through the PostCounts read model, the newsletter its posts. */
@Module({
  imports: [CategoriesModule, PostCountsModule, RevisionsModule, UsersModule],
  controllers: [PostsController],
  providers: [PostsService, PostsRepository, ScheduledPublisher],
  // The newsletter mails a post as it is stored (its fields and whether it is out), read by id.
  exports: [PostsRepository],
})
export class PostsModule {}

import { Module } from '@nestjs/common';
import { PostsController } from './posts.controller';
import { PostsService } from './posts.service';
import { ScheduledPublisher } from './scheduled-publisher';

@Module({ controllers: [PostsController], providers: [PostsService, ScheduledPublisher] })
export class PostsModule {}

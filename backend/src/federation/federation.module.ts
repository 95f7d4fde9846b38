import { Module } from '@nestjs/common';
import { PostsModule } from '../posts/posts.module';
import { SettingsModule } from '../settings/settings.module';
import { BlocksRepository } from './blocks.repository';
import { DeliveriesRepository } from './deliveries.repository';
import { FederationAdminController } from './federation-admin.controller';
import { FederationAdminService } from './federation-admin.service';
import { FederationSettingsService } from './federation-settings.service';
import { FollowerAnswers } from './follower-answers';
import { FollowersRepository } from './followers.repository';
import { Outbox } from './outbox';
import { ReactionsRepository } from './reactions.repository';

/** ActivityPub: the blog as a fediverse account (docs/decisions/031). */
@Module({
  imports: [PostsModule, SettingsModule],
  controllers: [FederationAdminController],
  providers: [
    BlocksRepository,
    DeliveriesRepository,
    FederationAdminService,
    FederationSettingsService,
    FollowerAnswers,
    FollowersRepository,
    Outbox,
    ReactionsRepository,
  ],
})
export class FederationModule {}

import { Module } from '@nestjs/common';
import { CommentsModule } from '../comments/comments.module';
import { PostsModule } from '../posts/posts.module';
import { SettingsModule } from '../settings/settings.module';
import { BlocksRepository } from './blocks.repository';
import { DeliveriesRepository } from './deliveries.repository';
import { Deliverer } from './deliverer';
import { FederationAdminController } from './federation-admin.controller';
import { FederationAdminService } from './federation-admin.service';
import { FederationSettingsService } from './federation-settings.service';
import { FederationService } from './federation.service';
import { InboxHandlers } from './inbox-handlers';
import { KeysRepository } from './keys.repository';
import { ProfileRepository } from './profile.repository';
import { Publisher } from './publisher';
import { FollowerAnswers } from './follower-answers';
import { FollowersRepository } from './followers.repository';
import { Outbox } from './outbox';
import { ReactionsRepository } from './reactions.repository';

/** ActivityPub: the blog as a fediverse account (docs/decisions/031). */
@Module({
  imports: [CommentsModule, PostsModule, SettingsModule],
  controllers: [FederationAdminController],
  providers: [
    BlocksRepository,
    DeliveriesRepository,
    Deliverer,
    FederationAdminService,
    FederationService,
    FederationSettingsService,
    InboxHandlers,
    KeysRepository,
    ProfileRepository,
    Publisher,
    FollowerAnswers,
    FollowersRepository,
    Outbox,
    ReactionsRepository,
  ],
  exports: [FederationService, InboxHandlers],
})
export class FederationModule {}

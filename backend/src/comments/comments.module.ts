import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { SettingsModule } from '../settings/settings.module';
import { CommentFormController } from './comment-form.controller';
import { CommentLinksController } from './comment-links.controller';
import { CommentNotifications } from './comment-notifications';
import { CommentSettingsService } from './comment-settings.service';
import { CommentsController, PostCommentsController } from './comments.controller';
import { CommentsRepository } from './comments.repository';
import { CommentsService } from './comments.service';

@Module({
  imports: [MailModule, SettingsModule],
  controllers: [PostCommentsController, CommentFormController, CommentLinksController, CommentsController],
  providers: [CommentsService, CommentsRepository, CommentSettingsService, CommentNotifications],
  exports: [CommentsService, CommentSettingsService],
})
export class CommentsModule {}

import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { PostsModule } from '../posts/posts.module';
import { NewsletterController } from './newsletter.controller';
import { NewsletterMailer } from './newsletter-mailer';
import { NewsletterSender } from './newsletter-sender';
import { NewsletterSendsController } from './newsletter-sends.controller';
import { NewsletterService } from './newsletter.service';
import { SettingsModule } from '../settings/settings.module';

@Module({
  imports: [MailModule, PostsModule, SettingsModule],
  controllers: [NewsletterController, NewsletterSendsController],
  providers: [NewsletterService, NewsletterMailer, NewsletterSender],
})
export class NewsletterModule {}

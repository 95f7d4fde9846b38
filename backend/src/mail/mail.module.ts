import { Module } from '@nestjs/common';
import { MailService } from './mail.service';

/** One MailService (and so one SMTP connection pool) for the whole app. */
@Module({ providers: [MailService], exports: [MailService] })
export class MailModule {}

import { Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DataSource, Repository } from 'typeorm';
import { PublicOrigin } from '../common/public-origin';
import { Mail, MailService } from '../mail/mail.service';
import { absolute, encodePath } from '../common/public-origin';
import { NewsletterMail } from './newsletter-mail.entity';

/** Newsletter links carry 32 random bytes; the database keeps only their SHA-256. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The longest error kept per recipient (the column's width). */
const ERROR_LENGTH = 500;

/**
 * Sends one newsletter mail and records what became of it. The mail's row is claimed (pending → sending) before
 * anything goes out, so a row is mailed once even when two workers meet; the claim also stores the hash of the mail's
 * own unsubscribe token and its Message-ID, which a copy sent again after a crash keeps (docs/decisions/019).
 */
@Injectable()
export class NewsletterMailer {
  private readonly logger = new Logger('Newsletter');
  private readonly mails: Repository<NewsletterMail>;

  constructor(
    dataSource: DataSource,
    private readonly mail: MailService,
    private readonly origin: PublicOrigin,
  ) {
    this.mails = dataSource.getRepository(NewsletterMail);
  }

  /** An absolute URL on the blog for a path or an uploaded image's URL (already absolute ones stay as they are). */
  url(pathOrUrl: string): string {
    return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : absolute(this.origin.get(), pathOrUrl);
  }

  postUrl(slug: string): string {
    return this.url(encodePath(`/post/${slug}`));
  }

  confirmUrl(token: string): string {
    return this.url(`/api/newsletter/confirm?token=${token}`);
  }

  unsubscribeUrl(token: string): string {
    return this.url(`/api/newsletter/unsubscribe?token=${token}`);
  }

  /** Records a new mail to a subscriber outside any send (a confirmation or a notice) and sends it. */
  async sendOne(subscriberId: number, compose: (unsubscribeUrl: string) => Mail): Promise<void> {
    const row = await this.mails.save(this.mails.create({ subscriberId, sendId: null, status: 'pending' }));
    await this.deliver(row, compose);
  }

  /**
   * Claims the pending mail, sends it and records sent or failed (with the error). False when it was not pending.
   * The outcome is recorded only while the row is still this claim's (`sending`): a row another instance took back
   * after this one's lease ran out stays as that instance left it.
   */
  async deliver(row: Pick<NewsletterMail, 'id' | 'messageId'>, compose: (unsubscribeUrl: string) => Mail): Promise<boolean> {
    const { id } = row;
    const { token, hash } = newToken();
    const messageId = row.messageId ?? this.newMessageId();
    const claimed = await this.mails.update({ id, status: 'pending' }, { status: 'sending', unsubscribeTokenHash: hash, messageId });
    if (!claimed.affected) return false;
    try {
      await this.mail.send({ ...compose(this.unsubscribeUrl(token)), messageId });
      await this.mails.update({ id, status: 'sending' }, { status: 'sent', sentAt: new Date() });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`Newsletter mail ${id} failed: ${message}`);
      await this.mails.update({ id, status: 'sending' }, { status: 'failed', error: message.slice(0, ERROR_LENGTH) });
    }
    return true;
  }

  /** Random, so a database reset or another blog never reuses one (receivers drop a Message-ID they have seen). */
  private newMessageId(): string {
    return `<${randomUUID()}@${new URL(this.origin.get()).hostname}>`;
  }
}

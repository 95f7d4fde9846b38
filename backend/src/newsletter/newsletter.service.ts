import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, Not, Repository } from 'typeorm';
import { AttemptLimiter } from '../common/attempt-limiter';
import { isUniqueViolation } from '../common/database-errors';
import { notFound } from '../common/domain-error';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { BLOG_NAME } from '@mudawwana/rules';
import { NewsletterMail } from './newsletter-mail.entity';
import { alreadySubscribedMail, CONFIRM_LINK_HOURS, confirmationMail } from './newsletter-mails';
import { hashToken, NewsletterMailer, newToken } from './newsletter-mailer';
import type { LinkOutcome } from './newsletter-pages';
import { SubscriberCountsDto, SubscriberDto } from './newsletter.dto';
import { Subscriber, SUBSCRIBER_STATUSES, SubscriberStatus } from './subscriber.entity';
import { SettingsService } from '../settings/settings.service';

const HOUR_MS = 60 * 60_000;

/** A token as the links carry it (43 base64url characters); anything else is not worth a database lookup. */
const TOKEN_SHAPE = /^[\w-]{20,100}$/;

const linkExpired = (subscriber: Subscriber) =>
  !subscriber.confirmTokenExpiresAt || subscriber.confirmTokenExpiresAt.getTime() < Date.now();

/** Subscribing (double opt-in), confirming, unsubscribing, and the author's view of the list. */
@Injectable()
export class NewsletterService {
  private readonly logger = new Logger('Newsletter');
  private readonly subscribers: Repository<Subscriber>;
  private readonly mails: Repository<NewsletterMail>;

  /** Sign-ups from one address: 10 an hour, so the public form cannot be used to fill the table. */
  private readonly signUps = new AttemptLimiter(10, HOUR_MS, 'Too many subscriptions from this address; try again later');
  /** Mails to one address: 3 sign-ups an hour, so the form cannot be used to flood someone's inbox. */
  private readonly mailsToAddress = new AttemptLimiter(3, HOUR_MS, 'Too many subscriptions for this email; try again later');

  constructor(
    dataSource: DataSource,
    private readonly mailer: NewsletterMailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: SettingsService,
  ) {
    this.subscribers = dataSource.getRepository(Subscriber);
    this.mails = dataSource.getRepository(NewsletterMail);
  }

  /**
   * Answers the same whatever the address's state, so the form cannot tell who is subscribed: a new, pending or
   * unsubscribed address is (again) pending with a fresh confirmation link (the older link stops working); a confirmed
   * one stays confirmed and is told so by mail.
   */
  async subscribe(email: string, ip: string): Promise<void> {
    this.signUps.consume([ip]);
    this.mailsToAddress.consume([email]);
    const subscriber = (await this.subscribers.findOneBy({ email })) ?? (await this.insertPending(email));
    const { token, hash } = newToken();
    const reopened = await this.subscribers.update(
      { id: subscriber.id, status: Not('confirmed') },
      {
        status: 'pending',
        confirmTokenHash: hash,
        confirmTokenExpiresAt: new Date(Date.now() + CONFIRM_LINK_HOURS * HOUR_MS),
        unsubscribedAt: null,
      },
    );
    const { digits } = await this.settings.getDateDisplay();
    const sending = this.mailer.sendOne(subscriber.id, (unsubscribeUrl) =>
      reopened.affected
        ? confirmationMail(email, BLOG_NAME, this.mailer.confirmUrl(token), unsubscribeUrl, digits)
        : alreadySubscribedMail(email, BLOG_NAME, unsubscribeUrl),
    );
    // Over SMTP the answer does not wait for the mail server (its time would tell addresses apart); the local outbox
    // is written before answering, so the link is there at once.
    if (this.config.smtpUrl) sending.catch((error: Error) => this.logger.error(`Could not record a newsletter mail: ${error.message}`));
    else await sending;
  }

  private async insertPending(email: string): Promise<Subscriber> {
    try {
      return await this.subscribers.save(this.subscribers.create({ email, status: 'pending' }));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return this.subscribers.findOneByOrFail({ email }); // a simultaneous sign-up of the same address won the race
    }
  }

  /**
   * What opening a confirmation link shows, without changing anything (mail scanners open links): a button that
   * confirms while the link is valid, else the state it finds.
   */
  async confirmationPage(token: unknown): Promise<LinkOutcome> {
    const subscriber = await this.subscriberByConfirmToken(token);
    if (!subscriber) return 'invalid';
    if (subscriber.status === 'confirmed') return 'confirmed';
    return linkExpired(subscriber) ? 'confirm-expired' : 'confirm-ask';
  }

  /** The confirmation form's POST: valid 48 hours; confirming again after confirming still says confirmed. */
  async confirm(token: unknown): Promise<LinkOutcome> {
    const subscriber = await this.subscriberByConfirmToken(token);
    if (!subscriber) return 'invalid';
    if (subscriber.status === 'confirmed') return 'confirmed';
    if (linkExpired(subscriber)) return 'confirm-expired';
    await this.subscribers.update({ id: subscriber.id, status: 'pending' }, { status: 'confirmed', confirmedAt: new Date() });
    return 'confirmed';
  }

  /** What opening any mail's unsubscribe link shows, without changing anything: a button that unsubscribes. */
  async unsubscribePage(token: unknown): Promise<LinkOutcome> {
    const mail = await this.mailByUnsubscribeToken(token);
    if (!mail) return 'invalid';
    return mail.subscriber?.status === 'unsubscribed' ? 'unsubscribed' : 'unsubscribe-ask';
  }

  /** The unsubscribe form's POST, or the mail client's one-click POST (RFC 8058); a link never expires. */
  async unsubscribe(token: unknown): Promise<LinkOutcome> {
    const mail = await this.mailByUnsubscribeToken(token);
    if (!mail) return 'invalid';
    await this.subscribers.update(
      { id: mail.subscriberId, status: Not('unsubscribed') },
      { status: 'unsubscribed', unsubscribedAt: new Date(), confirmTokenHash: null, confirmTokenExpiresAt: null },
    );
    return 'unsubscribed';
  }

  private async subscriberByConfirmToken(token: unknown): Promise<Subscriber | null> {
    if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
    return this.subscribers.findOneBy({ confirmTokenHash: hashToken(token) });
  }

  private async mailByUnsubscribeToken(token: unknown): Promise<NewsletterMail | null> {
    if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
    return this.mails.findOne({ where: { unsubscribeTokenHash: hashToken(token) }, relations: { subscriber: true } });
  }

  async listSubscribers(status?: SubscriberStatus): Promise<SubscriberDto[]> {
    const rows = await this.subscribers.find({ where: status ? { status } : {}, order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(SubscriberDto.from);
  }

  async countSubscribers(): Promise<SubscriberCountsDto> {
    const rows: { status: SubscriberStatus; count: string | number }[] = await this.subscribers
      .createQueryBuilder('subscriber')
      .select('subscriber.status', 'status')
      .addSelect('COUNT(*)', 'count')
      .groupBy('subscriber.status')
      .getRawMany();
    const counts = Object.fromEntries(SUBSCRIBER_STATUSES.map((status) => [status, 0])) as Record<SubscriberStatus, number>;
    for (const row of rows) counts[row.status] = Number(row.count);
    return { ...counts, total: counts.pending + counts.confirmed + counts.unsubscribed };
  }

  /** Removes the address and every mail recorded for it (their rows cascade). */
  async removeSubscriber(id: number): Promise<void> {
    const { affected } = await this.subscribers.delete({ id });
    if (!affected) throw notFound('SUBSCRIBER_NOT_FOUND', 'Subscriber not found');
  }
}

import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Brackets, DataSource, In, Not, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { isUniqueViolation } from '../common/database-errors';
import { conflict, notFound } from '../common/domain-error';
import { BLOG_NAME, generateExcerpt, isPublicNow } from '@mudawwana/rules';
import { Post } from '../posts/post.entity';
import { PostsRepository } from '../posts/posts.repository';
import { NewsletterMail, RecipientStatus } from './newsletter-mail.entity';
import { NewsletterPost, postMail } from './newsletter-mails';
import { mailContentHtml } from './mail-content';
import { NewsletterMailer } from './newsletter-mailer';
import { NewsletterSend } from './newsletter-send.entity';
import { SendProgressDto } from './newsletter.dto';
import { Subscriber } from './subscriber.entity';

/** Mails claimed per round. */
const BATCH_SIZE = 10;
/** The longest an instance waits before looking again for sends nobody is working on. */
const MAX_SWEEP_MS = 30_000;

/**
 * Mails a published post to the confirmed subscribers, once per post, in the background and on any number of
 * instances. The database holds every decision (docs/decisions/016 and 019): the send's row (unique per post) is the
 * claim, a lease on it (renewed while the instance works) says which instance works on it, and each mail's row is
 * claimed before it goes out and marked sent after. A lease that ran out means its instance died: the mails it had
 * claimed but not recorded go out again, with the same Message-ID.
 */
@Injectable()
export class NewsletterSender implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Newsletter');
  /** This process, as lease owner. */
  private readonly owner = randomUUID();
  private readonly sends: Repository<NewsletterSend>;
  private readonly mails: Repository<NewsletterMail>;
  private working: Promise<void> | null = null;
  private workAgain = false;
  private stopping = false;
  private sweep?: NodeJS.Timeout;
  /** How long a lease lasts unrenewed: after a crash, another instance resumes the send within about this time. */
  private readonly leaseMs: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly posts: PostsRepository,
    private readonly mailer: NewsletterMailer,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.sends = dataSource.getRepository(NewsletterSend);
    this.mails = dataSource.getRepository(NewsletterMail);
    this.leaseMs = config.newsletterLeaseMs;
  }

  onApplicationBootstrap(): void {
    this.sweep = setInterval(() => this.wake(), Math.min(this.leaseMs, MAX_SWEEP_MS)).unref();
    this.wake(); // a send left unfinished by a stopped instance goes on now
  }

  /** Stops after the mails in flight (their outcome is recorded) and hands the rest to another instance. */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    clearInterval(this.sweep);
    await this.working;
  }

  /**
   * Claims the send of post `postId` for its confirmed subscribers, all in one transaction: a second send of the
   * same post (even a simultaneous one on another instance) fails on the unique postId with 409. The mails go out
   * in the background.
   */
  async start(postId: number): Promise<SendProgressDto> {
    const post = await this.posts.findById(postId);
    if (!post) throw notFound('POST_NOT_FOUND', 'Post not found');
    // A scheduled post is not out yet: its readers could not open the link.
    if (!isPublicNow(post)) throw conflict('POST_NOT_PUBLISHED', 'Only a published post can be sent to subscribers');
    await this.dataSource.transaction(async (manager) => {
      if (!(await manager.countBy(Subscriber, { status: 'confirmed' }))) {
        throw conflict('NEWSLETTER_NO_SUBSCRIBERS', 'No confirmed subscribers to send the post to');
      }
      let send: NewsletterSend;
      try {
        send = await manager.save(manager.create(NewsletterSend, { postId, status: 'sending' }));
      } catch (error) {
        if (isUniqueViolation(error)) throw alreadySent();
        throw error;
      }
      const { escape } = manager.connection.driver;
      // sendId is our own integer; the SELECT takes the confirmed subscribers of this very moment.
      await manager.query(
        `INSERT INTO ${escape('newsletter_mails')} (${escape('sendId')}, ${escape('subscriberId')}, ${escape('status')}) ` +
          `SELECT ${Number(send.id)}, ${escape('id')}, 'pending' FROM ${escape('newsletter_subscribers')} WHERE ${escape('status')} = 'confirmed'`,
      );
    });
    this.wake();
    return this.progress(postId);
  }

  async progress(postId: number): Promise<SendProgressDto> {
    const send = await this.sends.findOneBy({ postId });
    if (!send) {
      if (!(await this.posts.findById(postId))) throw notFound('POST_NOT_FOUND', 'Post not found');
      return {
        postId,
        status: 'not_sent',
        total: 0,
        sent: 0,
        failed: 0,
        skipped: 0,
        pending: 0,
        startedAt: null,
        finishedAt: null,
        recipients: [],
      };
    }
    const rows = await this.mails.find({
      where: { sendId: send.id, status: Not('interrupted') },
      relations: { subscriber: true },
      order: { id: 'ASC' },
    });
    const count = (status: RecipientStatus) => rows.filter((row) => row.status === status).length;
    return {
      postId,
      status: send.status,
      total: rows.length,
      sent: count('sent'),
      failed: count('failed'),
      skipped: count('skipped'),
      pending: count('pending') + count('sending'),
      startedAt: send.createdAt.toISOString(),
      finishedAt: send.finishedAt?.toISOString() ?? null,
      recipients: rows.map((row) => ({
        email: row.subscriber?.email ?? '',
        status: row.status as RecipientStatus,
        error: row.error,
        sentAt: row.sentAt?.toISOString() ?? null,
      })),
    };
  }

  /** Starts working through unfinished sends unless already at it (then it looks once more when done). */
  private wake(): void {
    if (this.stopping) return;
    if (this.working) {
      this.workAgain = true;
      return;
    }
    this.working = this.workThroughSends()
      .catch((error: Error) => this.logger.error(`Newsletter sending stopped: ${error.message}`))
      .finally(() => {
        this.working = null;
        if (this.workAgain) {
          this.workAgain = false;
          this.wake();
        }
      });
  }

  private async workThroughSends(): Promise<void> {
    while (!this.stopping) {
      const send = await this.claimNextSend();
      if (!send) return;
      await this.workOn(send);
    }
  }

  /** A send nobody holds a lease on (new, released, or its instance stopped), now leased to this instance. */
  private async claimNextSend(): Promise<NewsletterSend | null> {
    const now = new Date();
    const { escape } = this.dataSource.driver;
    const free = new Brackets((where) => where.where(`${escape('leaseUntil')} IS NULL`).orWhere(`${escape('leaseUntil')} < :now`, { now }));
    const candidates = await this.sends
      .createQueryBuilder()
      .where(`${escape('status')} = :status`, { status: 'sending' })
      .andWhere(free)
      .orderBy(escape('id'))
      .limit(5)
      .getMany();
    for (const candidate of candidates) {
      const leased = await this.sends
        .createQueryBuilder()
        .update()
        .set({ leaseOwner: this.owner, leaseUntil: new Date(Date.now() + this.leaseMs) })
        .where(`${escape('id')} = :id`, { id: candidate.id })
        .andWhere(free)
        .execute();
      if (leased.affected) return candidate;
    }
    return null;
  }

  private async workOn(send: NewsletterSend): Promise<void> {
    await this.sendAgainWhatWasInterrupted(send.id);
    const post = await this.posts.findById(send.postId);
    if (!post) return; // deleted meanwhile: its send went with it
    const content = this.mailContent(post);
    // Renewed on a timer, not only between rounds: a round waiting on a slow mail server must not look abandoned.
    const heartbeat = setInterval(() => void this.renewLease(send).catch(() => undefined), this.leaseMs / 3).unref();
    try {
      for (;;) {
        if (this.stopping) return await this.releaseLease(send);
        if (!(await this.renewLease(send))) return; // another instance took it over after our lease ran out
        const batch = await this.mails.find({
          where: { sendId: send.id, status: 'pending' },
          relations: { subscriber: true },
          order: { id: 'ASC' },
          take: BATCH_SIZE,
        });
        if (batch.length === 0) {
          await this.sends.update(
            { id: send.id, leaseOwner: this.owner },
            { status: 'done', finishedAt: new Date(), leaseOwner: null, leaseUntil: null },
          );
          return;
        }
        const gone = batch.filter((mail) => mail.subscriber?.status !== 'confirmed').map((mail) => mail.id);
        if (gone.length) await this.mails.update({ id: In(gone), status: 'pending' }, { status: 'skipped' });
        await Promise.all(
          batch
            .filter((mail) => !gone.includes(mail.id))
            .map((mail) =>
              this.mailer.deliver(mail, (unsubscribeUrl) => postMail(mail.subscriber!.email, BLOG_NAME, content, unsubscribeUrl)),
            ),
        );
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async renewLease(send: NewsletterSend): Promise<boolean> {
    const renewed = await this.sends.update({ id: send.id, leaseOwner: this.owner }, { leaseUntil: new Date(Date.now() + this.leaseMs) });
    return Boolean(renewed.affected);
  }

  /**
   * Mails a previous holder claimed but never recorded: its lease ran out, so it died between the claim and the
   * record, and each mail may or may not have reached the mail server. Each goes out again (nobody is skipped) as a
   * new pending row with the same Message-ID, which receivers use to drop a copy they already have; the old row
   * stays, `interrupted`, so the unsubscribe link in a copy that did arrive keeps working (docs/decisions/019).
   */
  private async sendAgainWhatWasInterrupted(sendId: number): Promise<void> {
    const again = await this.dataSource.transaction(async (manager) => {
      let count = 0;
      for (const mail of await manager.findBy(NewsletterMail, { sendId, status: 'sending' })) {
        const taken = await manager.update(NewsletterMail, { id: mail.id, status: 'sending' }, { status: 'interrupted' });
        if (!taken.affected) continue; // its holder, slow but alive, recorded it after all
        await manager.insert(NewsletterMail, { sendId, subscriberId: mail.subscriberId, status: 'pending', messageId: mail.messageId });
        count += 1;
      }
      return count;
    });
    if (again) this.logger.warn(`Newsletter send ${sendId}: ${again} mails interrupted by a stopped instance go out again`);
  }

  private async releaseLease(send: NewsletterSend): Promise<void> {
    await this.sends.update({ id: send.id, leaseOwner: this.owner }, { leaseOwner: null, leaseUntil: null });
  }

  private mailContent(post: Post): NewsletterPost {
    const url = this.mailer.postUrl(post.slug);
    return {
      title: post.title,
      language: post.language,
      excerpt: post.excerpt?.trim() || generateExcerpt(post.content),
      contentHtml: mailContentHtml(post.content, url, (pathOrUrl) => this.mailer.url(pathOrUrl)),
      url,
      imageUrl: post.featuredImage ? this.mailer.url(post.featuredImage) : null,
    };
  }
}

function alreadySent() {
  return conflict('NEWSLETTER_ALREADY_SENT', 'This post has already been sent to the subscribers');
}

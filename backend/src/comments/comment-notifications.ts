import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { BLOG_NAME, languageDirection, routeLink } from '@mudawwana/rules';
import { DataSource } from 'typeorm';
import { DomainEvents } from '../common/domain-events';
import { absolute, PublicOrigin } from '../common/public-origin';
import { Mail, MailService } from '../mail/mail.service';
import { User } from '../users/user.entity';
import { Comment } from './comment.entity';
import { confirmRepliesMail, newCommentMail, replyMail, type CommentMailFacts } from './comment-mails';
import { CommentsRepository } from './comments.repository';
import { CommentsService, type NewComment } from './comments.service';

/**
 * Listens to what happens to comments and mails who should know: the author of each reader's comment (with
 * moderation links when it waits), a reader who asked for reply notices (the confirmation), and a reader whose
 * comment got an approved reply (when they confirmed). Mails go out after the answer; a failed one is logged.
 */
@Injectable()
export class CommentNotifications implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Comments');
  private stops: (() => void)[] = [];

  constructor(
    private readonly events: DomainEvents,
    private readonly comments: CommentsRepository,
    private readonly service: CommentsService,
    private readonly mail: MailService,
    private readonly origin: PublicOrigin,
    private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.stops = [
      this.events.on('comment.posted', (posted) => this.later(() => this.posted(posted))),
      this.events.on('comments.moderated', ({ before, to }) =>
        this.later(async () => {
          if (to !== 'approved') return;
          for (const comment of before) if (comment.parentId !== null) await this.tellOfReply({ ...comment, status: 'approved' });
        }),
      ),
    ];
  }

  onModuleDestroy(): void {
    for (const stop of this.stops) stop();
  }

  private async posted({ comment, post, moderationToken, replyToken }: NewComment): Promise<void> {
    const facts = this.facts(comment, post);
    if (!comment.byAuthor) {
      const to = await this.authorAddress(comment.postId);
      const link = (action: string) => this.url(`/api/comments/moderate?token=${moderationToken}&action=${action}`);
      const moderation =
        comment.status === 'approved' ? null : { approveUrl: link('approve'), spamUrl: link('spam'), rejectUrl: link('reject') };
      if (to) await this.send(newCommentMail(to, facts, moderation, this.url('/admin/comments')));
    }
    if (replyToken && comment.authorEmail) {
      await this.send(confirmRepliesMail(comment.authorEmail, facts, this.url(`/api/comments/replies/confirm?token=${replyToken}`)));
    }
    if (comment.status === 'approved') await this.tellOfReply(comment);
  }

  /** An approved reply: its thread's comment's reader is told, when they confirmed and did not write the reply. */
  private async tellOfReply(reply: Comment): Promise<void> {
    if (reply.parentId === null) return;
    const parent = await this.comments.findById(reply.parentId);
    if (!parent?.authorEmail || parent.replyNotice !== 'confirmed' || parent.authorEmail === reply.authorEmail) return;
    const post = await this.comments.findPost(parent.postId);
    if (!post) return;
    const facts = this.facts(reply, post);
    await this.send(
      replyMail(
        parent.authorEmail,
        facts,
        `${facts.postUrl}#comment-${reply.id}`,
        this.url(`/api/comments/replies/stop?token=${this.service.stopToken(parent.id)}`),
      ),
    );
  }

  private facts(comment: Comment, post: { title: string; slug: string; language: string }): CommentMailFacts {
    return {
      blogName: BLOG_NAME,
      postTitle: post.title,
      postDirection: languageDirection(post.language),
      postUrl: this.url(routeLink('post', post.slug)),
      authorName: comment.authorName,
      content: comment.content,
    };
  }

  /** The post's author, else the blog's first account. */
  private async authorAddress(postId: number): Promise<string | null> {
    const users = this.dataSource.getRepository(User);
    const rows = (await this.dataSource.query('SELECT "authorId" FROM "posts" WHERE "id" = $1'.replace('$1', String(Number(postId))))) as {
      authorId: number | null;
    }[];
    const authorId = rows[0]?.authorId;
    const user = (authorId ? await users.findOneBy({ id: authorId }) : null) ?? (await users.findOne({ where: {}, order: { id: 'ASC' } }));
    return user?.email ?? null;
  }

  private url(path: string): string {
    return absolute(this.origin.get(), path);
  }

  private async send(message: Mail): Promise<void> {
    await this.mail.send(message);
  }

  /** After the answer: a slow or failing mail server never holds a reader's comment or the author's click. */
  private later(work: () => Promise<void>): void {
    setImmediate(() => void work().catch((error) => this.logger.error(`a comment mail failed: ${(error as Error).message}`)));
  }
}

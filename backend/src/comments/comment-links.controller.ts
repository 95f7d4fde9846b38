import { applyDecorators, Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { BLOG_NAME } from '@mudawwana/rules';
import type { Response } from 'express';
import { Public } from '../common/public.decorator';
import { PublicOrigin } from '../common/public-origin';
import { Endpoint } from '../openapi/endpoint.decorator';
import { invalidLinkPage, isModerationAction, moderationAskPage, moderationDonePage, replyNoticePage } from './comment-pages';
import { CommentsService } from './comments.service';

/** The GET of a reply-notice link: a page with a button that POSTs its token to the same path; it changes nothing. */
function ReplyNoticeLinkPage(path: string, does: 'confirms' | 'stops', where: string) {
  return applyDecorators(
    Public(),
    Get(path),
    Endpoint({
      summary: `The page of the link that ${does} reply notices (changes nothing)`,
      description: `${where}: a button that POSTs the token to \`POST /api/comments/${path}\`.`,
    }),
    ApiProduces('text/html'),
    ApiQuery({ name: 'token', required: false, type: String }),
    ApiOkResponse({ description: 'An Arabic page with the button (200) or an invalid link (404)' }),
  );
}

/** The button of a reply-notice link's page: a form POST with the link's token, answered with an Arabic page. */
function ReplyNoticeLinkButton(path: string, verb: 'Confirm' | 'Stop', done: 'confirmed' | 'stopped') {
  return applyDecorators(
    Public(),
    Post(path),
    Endpoint({
      summary: `${verb} reply notices (the page’s button)`,
      description: 'A form POST with the link’s `token`. Answers with an Arabic HTML page.',
    }),
    ApiConsumes('application/x-www-form-urlencoded'),
    ApiBody({ schema: { type: 'object', properties: { token: { type: 'string' } } } }),
    ApiProduces('text/html'),
    ApiOkResponse({ description: `An Arabic page: ${done} (200) or an invalid link (404)` }),
  );
}

/**
 * The links of the comment mails: the author's moderation links and the reader's reply-notice links. Opening one
 * (GET) only shows a page whose button POSTs the token; the token is the authority, no session is needed.
 */
@ApiTags('comments')
@Controller('comments')
export class CommentLinksController {
  constructor(
    private readonly comments: CommentsService,
    private readonly origin: PublicOrigin,
  ) {}

  @Public()
  @Get('moderate')
  @Endpoint({
    summary: 'The page of a moderation link in the author’s mail (changes nothing)',
    description:
      'Answers with an Arabic HTML page showing the comment and a button that POSTs the token and `action` (approve, spam, reject) to `POST /api/comments/moderate`; 404 page for an unknown token.',
  })
  @ApiProduces('text/html')
  @ApiQuery({ name: 'token', required: false, type: String })
  @ApiQuery({ name: 'action', required: false, enum: ['approve', 'spam', 'reject'] })
  @ApiOkResponse({ description: 'An Arabic page: a button that does what the link says (200) or an invalid link (404)' })
  async commentModerationPage(@Query('token') token: unknown, @Query('action') action: unknown, @Res() response: Response): Promise<void> {
    const found = isModerationAction(action) ? await this.comments.moderationLink(token) : null;
    if (!found || !isModerationAction(action) || typeof token !== 'string') return this.page(response, 404, invalidLinkPage(this.blog()));
    this.page(response, 200, moderationAskPage(this.blog(), found, token, action));
  }

  @Public()
  @Post('moderate')
  @Endpoint({
    summary: 'Moderate a comment from the author’s mail (the page’s button)',
    description:
      'A form POST with the link’s `token` and `action` (approve, spam, reject). Answers with an Arabic HTML page: done (200) or an invalid link (404).',
  })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({
    schema: { type: 'object', properties: { token: { type: 'string' }, action: { type: 'string', enum: ['approve', 'spam', 'reject'] } } },
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'An Arabic page: done (200) or an invalid link (404)' })
  async moderateCommentByLink(@Body('token') token: unknown, @Body('action') action: unknown, @Res() response: Response): Promise<void> {
    if (!isModerationAction(action) || !(await this.comments.moderateByToken(token, action))) {
      return this.page(response, 404, invalidLinkPage(this.blog()));
    }
    this.page(response, 200, moderationDonePage(this.blog(), action));
  }

  @ReplyNoticeLinkPage('replies/confirm', 'confirms', 'From the mail a reader gets after asking to be told of replies')
  async commentRepliesConfirmPage(@Query('token') token: unknown, @Res() response: Response): Promise<void> {
    if (!(await this.comments.replyLinkKnown(token))) return this.page(response, 404, invalidLinkPage(this.blog()));
    this.page(response, 200, replyNoticePage(this.blog(), 'confirm-ask', String(token)));
  }

  @ReplyNoticeLinkButton('replies/confirm', 'Confirm', 'confirmed')
  async confirmCommentReplies(@Body('token') token: unknown, @Res() response: Response): Promise<void> {
    if ((await this.comments.confirmReplies(token)) === 'invalid') return this.page(response, 404, invalidLinkPage(this.blog()));
    this.page(response, 200, replyNoticePage(this.blog(), 'confirmed'));
  }

  @ReplyNoticeLinkPage('replies/stop', 'stops', 'In every reply notice')
  async commentRepliesStopPage(@Query('token') token: unknown, @Res() response: Response): Promise<void> {
    if (!(await this.comments.stopLinkKnown(token))) return this.page(response, 404, invalidLinkPage(this.blog()));
    this.page(response, 200, replyNoticePage(this.blog(), 'stop-ask', String(token)));
  }

  @ReplyNoticeLinkButton('replies/stop', 'Stop', 'stopped')
  async stopCommentReplies(@Body('token') token: unknown, @Res() response: Response): Promise<void> {
    if ((await this.comments.stopReplies(token)) === 'invalid') return this.page(response, 404, invalidLinkPage(this.blog()));
    this.page(response, 200, replyNoticePage(this.blog(), 'stopped'));
  }

  private blog() {
    return { blogName: BLOG_NAME, homeUrl: `${this.origin.get()}/` };
  }

  private page(response: Response, status: number, html: string): void {
    response.status(status).type('html').set('Cache-Control', 'no-store').send(html);
  }
}

import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser } from '../auth/current-user.decorator';
import { ApiErrors } from '../common/api-errors.decorator';
import { clientAddressKey } from '../common/client-address';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Public } from '../common/public.decorator';
import { Endpoint } from '../openapi/endpoint.decorator';
import type { User } from '../users/user.entity';
import { CommentSettingsService } from './comment-settings.service';
import { CommentsService } from './comments.service';
import {
  BulkCommentsDto,
  BulkCommentsResultDto,
  CommentChallengeDto,
  CommentCountsDto,
  CommentDto,
  CommentListDto,
  CommentPageDto,
  CommentPageQuery,
  CommentPostedDto,
  CommentSettingsDto,
  CreateCommentDto,
  ListCommentsQuery,
  ReplyCommentDto,
  UpdateCommentDto,
  UpdateCommentSettingsDto,
} from './dto/comment.dto';

/** A post's comments as readers read and write them. */
@ApiTags('comments')
@Controller('posts/:idOrSlug/comments')
export class PostCommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Public()
  @Get()
  @Endpoint({
    summary: "A post's approved comments",
    description: `Oldest first, each reply right after its comment (one level of replies), 100 a page; \`open\` says whether the post takes new comments. Readers see approved comments only; a draft or a scheduled post is 404 \`POST_NOT_FOUND\`.`,
  })
  @ApiOkResponse({ type: CommentPageDto })
  @ApiErrors(400, 404)
  listPostComments(@Param('idOrSlug') idOrSlug: string, @Query() query: CommentPageQuery): Promise<CommentPageDto> {
    return this.comments.listPostComments(idOrSlug, query.page ?? 1);
  }

  @Public()
  @Post()
  @Endpoint({
    summary: 'Comment on a post (anonymous, with a solved challenge)',
    description:
      "A reader's comment: name, optional email (never shown), plain text, optionally `parentId` to answer an approved comment. `altcha` must be a solved challenge of `GET /api/comments/challenge` (used once, not sooner than 3 seconds after it was fetched): 400 `COMMENT_CHALLENGE_FAILED` otherwise. Answers `approved` (shown at once: a returning reader whose earlier comment was approved, or moderation off) or `pending` (waits for the author). Closed posts 403 `COMMENTS_CLOSED`; 5 comments per client address (IPv6 by its /64) and 30 per post in 10 minutes (429).",
  })
  @ApiCreatedResponse({ type: CommentPostedDto })
  @ApiErrors(400, 403, 404, 429)
  async createComment(
    @Param('idOrSlug', ParseIdPipe) postId: number,
    @Body() input: CreateCommentDto,
    @Req() request: Request,
  ): Promise<CommentPostedDto> {
    return this.comments.postComment(postId, input, {
      addressKey: clientAddressKey(request.ip),
      verified: () => this.comments.verifyChallenge(input.altcha),
    });
  }
}

/** The author's moderation, the comment settings, and the challenge every reader's comment needs. */
@ApiTags('comments')
@Controller('comments')
export class CommentsController {
  constructor(
    private readonly comments: CommentsService,
    private readonly settings: CommentSettingsService,
  ) {}

  @Public()
  @Get('challenge')
  @Endpoint({
    summary: 'A proof-of-work challenge for a comment (ALTCHA)',
    description:
      'A fresh ALTCHA challenge (valid 10 minutes), which a browser solves in a fraction of a second; send the solution as `altcha` with the comment. Never cached.',
  })
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: CommentChallengeDto })
  getCommentChallenge(): Promise<CommentChallengeDto> {
    return this.comments.proofOfWork.challenge() as Promise<CommentChallengeDto>;
  }

  @Get('settings')
  @Endpoint({
    summary: 'The comment settings',
    description: 'The site-wide switch, the moderation mode, the link limit and the blocklist.',
  })
  @ApiOkResponse({ type: CommentSettingsDto })
  @ApiErrors(401)
  getCommentSettings(): Promise<CommentSettingsDto> {
    return this.settings.get();
  }

  @Patch('settings')
  @Endpoint({
    summary: 'Change the comment settings',
    description: 'Only the fields sent change. Turning comments off hides every comment and form from readers (their pages are rebuilt).',
  })
  @ApiOkResponse({ type: CommentSettingsDto })
  @ApiErrors(400, 401)
  updateCommentSettings(@Body() changes: UpdateCommentSettingsDto): Promise<CommentSettingsDto> {
    return this.settings.update(changes);
  }

  @Get('counts')
  @Endpoint({ summary: 'Count comments by state', description: 'Pending, approved, spam and rejected comments, and all of them.' })
  @ApiOkResponse({ type: CommentCountsDto })
  @ApiErrors(401)
  countComments(): Promise<CommentCountsDto> {
    return this.comments.counts();
  }

  @Post('bulk')
  @HttpCode(200)
  @Endpoint({
    summary: 'Approve, mark as spam, reject or delete many comments',
    description: 'At most 100 ids; ids that are gone or already in that state are skipped. Deleting a comment deletes its replies.',
  })
  @ApiOkResponse({ type: BulkCommentsResultDto })
  @ApiErrors(400, 401)
  async bulkComments(@Body() input: BulkCommentsDto): Promise<BulkCommentsResultDto> {
    return { changed: await this.comments.bulk(input.ids, input.action) };
  }

  @Get()
  @Endpoint({
    summary: 'List comments (the author)',
    description: 'Newest first, 100 a page; `status` filters by state, `q` looks in the text, name and email, `postId` keeps one post.',
  })
  @ApiOkResponse({ type: CommentListDto })
  @ApiErrors(400, 401)
  listComments(@Query() query: ListCommentsQuery): Promise<CommentListDto> {
    return this.comments.list(query);
  }

  @Patch(':id')
  @Endpoint({
    summary: "Change a comment's state",
    description: 'approved shows it to readers (its post page is rebuilt), pending, spam or rejected hide it. 404 `COMMENT_NOT_FOUND`.',
  })
  @ApiOkResponse({ type: CommentDto })
  @ApiErrors(400, 401, 404)
  updateComment(@Param('id', ParseIdPipe) id: number, @Body() input: UpdateCommentDto): Promise<CommentDto> {
    return this.comments.setStatus(id, input.status);
  }

  @Delete(':id')
  @HttpCode(204)
  @Endpoint({ summary: 'Delete a comment for good', description: 'With its replies. 404 `COMMENT_NOT_FOUND`.' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiErrors(400, 401, 404)
  async deleteComment(@Param('id', ParseIdPipe) id: number): Promise<void> {
    await this.comments.remove(id);
  }

  @Post(':id/replies')
  @Endpoint({
    summary: 'Reply to a comment as the author',
    description:
      "Shown at once, marked as the author's, in the comment's thread (a reply to a reply joins the same thread). Replying to a held comment approves it. The reader is mailed if they confirmed reply notices.",
  })
  @ApiCreatedResponse({ type: CommentDto })
  @ApiErrors(400, 401, 404)
  replyToComment(@Param('id', ParseIdPipe) id: number, @Body() input: ReplyCommentDto, @CurrentUser() user: User): Promise<CommentDto> {
    return this.comments.reply(id, input.content, user.name || user.username);
  }
}

import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import {
  COMMENT_LIMITS,
  COMMENT_MODERATION_MODES,
  COMMENT_STATUSES,
  type CommentHoldReason,
  type CommentModerationMode,
  type CommentStatus,
} from '@mudawwana/rules';
import { MAX_ID } from '../../common/parse-id.pipe';
import { blankToNull, toBoolean, toInt, trim } from '../../common/transforms';
import { REPLY_NOTICE_STATES, type ReplyNoticeState } from '../comment.entity';

const HOLD_REASONS: CommentHoldReason[] = ['moderation', 'first-comment', 'blocklist', 'links'];
const lowerCased = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() || null : value);
/** A form's checkbox sends "on" (or "true") when ticked and nothing otherwise. */
const checkbox = ({ value }: { value: unknown }) => (value === 'on' ? true : toBoolean({ value }));

/** A comment as readers see it: no address, no state (readers only ever see approved comments). */
/** Who wrote a reply from the fediverse: what readers see of them (no avatar: the page loads no image of another site). */
export class RemoteAuthorDto {
  @ApiProperty({ description: "The account's handle", example: '@sara@mastodon.example' }) handle: string;
  @ApiProperty({ description: 'Its profile page (linked with rel="nofollow ugc noopener")', example: 'https://mastodon.example/@sara' })
  profileUrl: string;
}

export class PublicCommentDto {
  @ApiProperty() id: number;
  @ApiProperty({ type: Number, nullable: true, description: 'The comment this one answers (one level of replies)' })
  parentId: number | null;
  @ApiProperty() authorName: string;
  @ApiProperty({ description: "Written by the blog's author" }) byAuthor: boolean;
  @ApiProperty({ description: 'Plain text (never HTML): shown with dir="auto", addresses made links with rel="nofollow ugc noopener"' })
  content: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({
    type: () => RemoteAuthorDto,
    nullable: true,
    description: 'The fediverse account that wrote it, for a reply from the fediverse (null for a comment from the form)',
  })
  remoteAuthor: RemoteAuthorDto | null;
}

export class CommentPageDto {
  @ApiProperty({ type: [PublicCommentDto], description: `Oldest first, each reply after its comment; at most ${COMMENT_LIMITS.pageSize}` })
  items: PublicCommentDto[];
  @ApiProperty({ description: 'Approved comments of the post, replies included' }) total: number;
  @ApiProperty() page: number;
  @ApiProperty({ description: 'Pages of comments (at least 1)' }) pages: number;
  @ApiProperty({ description: 'Whether the post takes new comments now' }) open: boolean;
}

export class CommentPageQuery {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000)
  page?: number;
}

/** What a reader sends (JSON, or the form without JavaScript as application/x-www-form-urlencoded). */
export class CreateCommentDto {
  @ApiProperty({ minLength: COMMENT_LIMITS.nameMinLength, maxLength: COMMENT_LIMITS.nameMaxLength })
  @Transform(trim)
  @IsString()
  @MinLength(COMMENT_LIMITS.nameMinLength, { message: 'name is too short' })
  @MaxLength(COMMENT_LIMITS.nameMaxLength)
  name: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    format: 'email',
    description: 'Never shown; used to recognise you and, if asked, to tell you of replies',
  })
  @Transform(lowerCased)
  @IsOptional()
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(COMMENT_LIMITS.emailMaxLength)
  email?: string | null;

  @ApiProperty({ minLength: COMMENT_LIMITS.contentMinLength, maxLength: COMMENT_LIMITS.contentMaxLength, description: 'Plain text' })
  @Transform(trim)
  @IsString()
  @MinLength(COMMENT_LIMITS.contentMinLength, { message: 'content is too short' })
  @MaxLength(COMMENT_LIMITS.contentMaxLength)
  content: string;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'An approved comment of the same post to answer' })
  @Transform(({ value }) => (value === '' ? null : toInt({ value })))
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  parentId?: number | null;

  @ApiPropertyOptional({ description: 'Mail me replies to this comment (needs an email; confirmed by a link first)' })
  @Transform(checkbox)
  @IsOptional()
  @IsBoolean()
  notifyReplies?: boolean;

  @ApiPropertyOptional({ description: 'The ALTCHA payload (base64): a solved challenge of `GET /api/comments/challenge`. Required.' })
  @IsOptional()
  @IsString()
  @MaxLength(4000)
  altcha?: string;

  @ApiPropertyOptional({
    description: 'Leave empty: a field people never see (a bot that fills it is answered as if held, and nothing is stored)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  website?: string;
}

/** The form without JavaScript: the same fields, and the answer to the reading check of its second step. */
export class CreateCommentFormDto extends CreateCommentDto {
  @ApiPropertyOptional({ description: 'The second step: the token of the question the server asked' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  check?: string;

  @ApiPropertyOptional({ description: "The second step: the reader's answer" })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  answer?: string;
}

export class CommentPostedDto {
  @ApiProperty({ enum: ['approved', 'pending'], description: 'approved: shown now; pending: waits for the author' })
  status: 'approved' | 'pending';
  @ApiProperty({ description: 'What to tell the reader, in Arabic' }) message: string;
  @ApiProperty({ type: PublicCommentDto, nullable: true, description: 'The comment as readers see it, when it is shown now' })
  comment: PublicCommentDto | null;
}

/** An ALTCHA challenge, as the widget expects it. */
export class CommentChallengeDto {
  @ApiProperty() algorithm: string;
  @ApiProperty() challenge: string;
  @ApiProperty() maxnumber: number;
  @ApiProperty() salt: string;
  @ApiProperty() signature: string;
}

/** A comment as the author sees it. */
export class CommentDto extends PublicCommentDto {
  @ApiProperty() postId: number;
  @ApiProperty() postTitle: string;
  @ApiProperty() postSlug: string;
  @ApiProperty({ type: String, nullable: true }) authorEmail: string | null;
  @ApiProperty({ enum: COMMENT_STATUSES, enumName: 'CommentStatus' }) status: CommentStatus;
  @ApiProperty({ type: String, enum: HOLD_REASONS, nullable: true, description: 'Why it waited for the author' })
  holdReason: CommentHoldReason | null;
  @ApiProperty({ enum: REPLY_NOTICE_STATES, description: 'Whether the reader gets replies by mail (confirmed) or asked to (pending)' })
  replyNotice: ReplyNoticeState;
  @ApiProperty({ type: String, nullable: true, description: "A fediverse author's avatar (the admin shows it; readers do not)" })
  remoteAvatarUrl: string | null;
}

export class ListCommentsQuery extends CommentPageQuery {
  @ApiPropertyOptional({ enum: COMMENT_STATUSES, enumName: 'CommentStatus' })
  @IsOptional()
  @IsIn(COMMENT_STATUSES)
  status?: CommentStatus;

  @ApiPropertyOptional({ type: String, description: 'Words in the text, the name or the email', maxLength: 200 })
  @Transform(blankToNull)
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string | null;

  @ApiPropertyOptional({ description: "One post's comments" })
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  postId?: number;
}

export class CommentListDto {
  @ApiProperty({ type: [CommentDto], description: `Newest first, at most ${COMMENT_LIMITS.pageSize}` }) items: CommentDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() pages: number;
}

export class CommentCountsDto {
  @ApiProperty() pending: number;
  @ApiProperty() approved: number;
  @ApiProperty() spam: number;
  @ApiProperty() rejected: number;
  @ApiProperty() all: number;
}

export class UpdateCommentDto {
  @ApiProperty({ enum: COMMENT_STATUSES, enumName: 'CommentStatus' })
  @IsIn(COMMENT_STATUSES)
  status: CommentStatus;
}

export const COMMENT_BULK_ACTIONS = ['approve', 'spam', 'reject', 'delete'] as const;
export type CommentBulkAction = (typeof COMMENT_BULK_ACTIONS)[number];

export class BulkCommentsDto {
  @ApiProperty({ type: [Number], minItems: 1, maxItems: COMMENT_LIMITS.pageSize })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(COMMENT_LIMITS.pageSize)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_ID, { each: true })
  ids: number[];

  @ApiProperty({ enum: COMMENT_BULK_ACTIONS })
  @IsIn(COMMENT_BULK_ACTIONS)
  action: CommentBulkAction;
}

export class BulkCommentsResultDto {
  @ApiProperty({ description: 'Comments changed (those already in that state, or gone, are not counted)' }) changed: number;
}

/** The author's reply: its text, checked as a reader's comment is. */
export class ReplyCommentDto extends PickType(CreateCommentDto, ['content'] as const) {}

export class CommentSettingsDto {
  @ApiProperty({ description: 'The site-wide switch: off, no post takes comments and none is shown' }) enabled: boolean;
  @ApiProperty({
    enum: COMMENT_MODERATION_MODES,
    enumName: 'CommentModerationMode',
    description: 'hold-all, hold-first (a returning reader whose comment was approved appears at once), hold-none',
  })
  moderation: CommentModerationMode;
  @ApiProperty({ minimum: 0, maximum: 50, description: 'A comment with more links waits for the author' }) maxLinks: number;
  @ApiProperty({
    type: [String],
    description: 'Words that hold a comment, matched in every Arabic form (article, attached prepositions, tashkeel, alef forms)',
  })
  blocklist: string[];
}

export class UpdateCommentSettingsDto {
  @ApiPropertyOptional() @IsOptional() @IsBoolean() enabled?: boolean;

  @ApiPropertyOptional({ enum: COMMENT_MODERATION_MODES, enumName: 'CommentModerationMode' })
  @IsOptional()
  @IsIn(COMMENT_MODERATION_MODES)
  moderation?: CommentModerationMode;

  @ApiPropertyOptional({ minimum: 0, maximum: 50 }) @IsOptional() @IsInt() @Min(0) @Max(50) maxLinks?: number;

  @ApiPropertyOptional({ type: [String], maxItems: COMMENT_LIMITS.blocklistMaxEntries })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(COMMENT_LIMITS.blocklistMaxEntries)
  @IsString({ each: true })
  @MaxLength(COMMENT_LIMITS.blocklistEntryMaxLength, { each: true })
  @Type(() => String)
  blocklist?: string[];
}

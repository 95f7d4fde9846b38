import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { POST_STATUSES, type PostStatus } from '../post-status';
import { PageLimit, PageOffset } from '../../common/paging';
import { toBoolean } from '../../common/transforms';

/** GET /api/posts/counts: the counts of one category, or of every post. */
export class CountPostsQuery {
  @ApiPropertyOptional({ description: 'Only posts of the category with this slug (empty: every category)' })
  @Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? undefined : value))
  @IsOptional()
  @IsString()
  @MaxLength(200)
  category?: string;

  @ApiPropertyOptional({ maxLength: 200, description: 'Only posts whose title contains this text (signed in only)' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value))
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;
}

export class ListPostsQuery extends CountPostsQuery {
  @ApiPropertyOptional({ description: 'Only posts carrying the tag with this slug (GET /api/tags gives the slugs)' })
  @Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? undefined : value))
  @IsOptional()
  @IsString()
  @MaxLength(200)
  tag?: string;

  @ApiPropertyOptional({
    description: 'true: published only; false: drafts only (signed in). Anonymous callers always get published posts.',
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'published must be true or false' })
  published?: boolean;

  @ApiPropertyOptional({
    enum: POST_STATUSES,
    enumName: 'PostStatus',
    description: 'draft, scheduled (published with a publishAt to come) or published (out now); signed in only. Wins over `published`.',
  })
  @IsOptional()
  @IsIn(POST_STATUSES, { message: `status must be one of ${POST_STATUSES.join(', ')}` })
  status?: PostStatus;

  @PageLimit({ items: 'Posts' })
  limit?: number;

  @PageOffset()
  offset?: number;
}

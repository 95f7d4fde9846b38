import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { REDIRECT_LIMITS, REDIRECT_STATUSES, type RedirectStatus } from '@mudawwana/rules';
import { PageLimit, PageOffset } from '../../common/paging';
import { trim } from '../../common/transforms';
import { Redirect } from '../redirect.entity';

export class RedirectDto {
  @ApiProperty() id: number;
  @ApiProperty({
    description:
      'The old address as stored: decoded once from percent-encoding (Arabic as letters), NFC, no trailing slash, query parameters sorted without trackers and `m=0|1`',
    example: '/2019/05/مقال-قديم.html',
  })
  fromPath: string;
  @ApiProperty({ description: 'A path on this blog, or an absolute http(s) URL', example: '/post/مقال-جديد' }) toPath: string;
  @ApiProperty({ enum: REDIRECT_STATUSES, enumName: 'RedirectStatus', description: '301: moved for good; 302: for now' })
  status: RedirectStatus;
  @ApiProperty({ format: 'date-time' }) createdAt: string;

  static from(redirect: Redirect): RedirectDto {
    const { id, fromPath, toPath, status } = redirect;
    return { id, fromPath, toPath, status, createdAt: redirect.createdAt.toISOString() };
  }
}

export class RedirectListDto {
  @ApiProperty({ type: [RedirectDto], description: 'Newest first' }) items: RedirectDto[];
  @ApiProperty({ description: 'Every redirect' }) total: number;
}

/** GET /api/redirects */
export class ListRedirectsQuery {
  @ApiPropertyOptional({ description: 'Only redirects whose old or new address contains this text (any case)', maxLength: 200 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200)
  q?: string;

  @PageLimit({ items: 'Redirects' })
  limit?: number;

  @PageOffset()
  offset?: number;
}

/** POST /api/redirects */
export class CreateRedirectDto {
  @ApiProperty({
    maxLength: REDIRECT_LIMITS.inputMaxLength,
    description:
      "The old address: a path (`/2019/05/old-post.html`, `/?p=12`, `/feed/`), Arabic as letters or percent-encoded, or a full http(s) URL, whose path and query are taken. Not one of the blog's own paths (`/`, `/api`, `/uploads`, `/assets`, `/admin`, `/auth`, `/search`, feeds, sitemap).",
    example: '/2019/05/مقال-قديم.html?m=1',
  })
  @Transform(trim)
  @IsString()
  @MinLength(1, { message: 'fromPath is required' })
  @MaxLength(REDIRECT_LIMITS.inputMaxLength)
  fromPath: string;

  @ApiProperty({
    maxLength: REDIRECT_LIMITS.toMaxLength,
    description:
      "Where it went: a path on this blog (`/post/new-slug`) or an absolute http(s) URL (one on the blog's own address is kept as its path)",
    example: '/post/مقال-جديد',
  })
  @Transform(trim)
  @IsString()
  @MinLength(1, { message: 'toPath is required' })
  @MaxLength(REDIRECT_LIMITS.inputMaxLength)
  toPath: string;

  @ApiPropertyOptional({ enum: REDIRECT_STATUSES, enumName: 'RedirectStatus', default: 301 })
  @IsOptional()
  @IsIn(REDIRECT_STATUSES, { message: 'status must be 301 or 302' })
  status?: RedirectStatus;
}

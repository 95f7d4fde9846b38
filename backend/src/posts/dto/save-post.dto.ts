import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { MAX_ID } from '../../common/parse-id.pipe';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { blankToNull, trim } from '../../common/transforms';
import { BasedOnVersion } from '../../common/versions';

const trimTags = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((tag) => (typeof tag === 'string' ? tag.trim() : tag)).filter((tag) => tag !== '') : value;

/** An http(s) URL or an uploaded file; no characters that could close an HTML attribute or tag ("<>`). */
export const IMAGE_URL = /^(https?:\/\/[^\s"<>`]+|\/uploads\/[\w.-]+)$/;

/** The post fields of SPEC §3 that a client may send; `authorId` and `readTime` are accepted but the server decides them. */
export class CreatePostDto {
  @ApiProperty({ maxLength: 300 })
  @Transform(trim)
  @IsString()
  @MinLength(1, { message: 'Title is required' })
  @MaxLength(300)
  title: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 300,
    description: 'Normalized with the slug rule; generated from the title when empty',
  })
  @Transform(blankToNull)
  @IsOptional()
  @IsString()
  @MaxLength(300)
  slug?: string | null;

  @ApiProperty({ description: 'HTML; sanitized by the server' })
  @IsString()
  @MinLength(1, { message: 'Content is required' })
  @MaxLength(2_000_000)
  content: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 1000, description: 'Generated from the content when empty' })
  @Transform(blankToNull)
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  excerpt?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'An http(s) URL or an /uploads/ path' })
  @Transform(blankToNull)
  @IsOptional()
  @Matches(IMAGE_URL, { message: 'featuredImage must be an http(s) URL or an /uploads/ path' })
  @MaxLength(1000)
  featuredImage?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  categoryId?: number | null;

  @ApiPropertyOptional({ description: 'Ignored: the author is the signed-in user' })
  @IsOptional()
  @IsInt()
  authorId?: number;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean()
  published?: boolean;

  @ApiPropertyOptional({ default: false, description: 'Only a published post can be featured; featuring one unfeatures the others' })
  @IsOptional()
  @IsBoolean()
  featured?: boolean;

  @ApiPropertyOptional({ format: 'date-time', description: 'Publication date; defaults to now' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'createdAt must be an ISO 8601 date' })
  createdAt?: string;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      'With `published: true`, a time to come schedules the post: readers see it from then on (and its publication date becomes that time). A past time publishes now; null clears the schedule (a scheduled post goes back to draft unless `published` is sent).',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'publishAt must be an ISO 8601 date-time or null' })
  publishAt?: string | null;

  @ApiPropertyOptional({ description: 'Ignored: the server computes it from the content' })
  @IsOptional()
  @IsInt()
  readTime?: number;

  @ApiPropertyOptional({ type: [String], maxItems: 30 })
  @IsOptional()
  @Transform(trimTags)
  @IsArray()
  @ArrayMaxSize(30)
  @IsString({ each: true })
  @MaxLength(60, { each: true })
  tags?: string[];

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 300 })
  @Transform(blankToNull)
  @IsOptional()
  @IsString()
  @MaxLength(300)
  metaTitle?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 500 })
  @Transform(blankToNull)
  @IsOptional()
  @IsString()
  @MaxLength(500)
  metaDescription?: string | null;
}

export class UpdatePostDto extends PartialType(CreatePostDto) {
  @BasedOnVersion()
  version?: number;
}

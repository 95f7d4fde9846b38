import { ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { MAX_ID } from '../../common/parse-id.pipe';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsISO8601, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { blankToNull } from '../../common/transforms';
import { BasedOnVersion } from '../../common/versions';
import { DEFAULT_LANGUAGE, LANGUAGE_TAG_MAX_LENGTH } from '@mudawwana/rules';
import { HtmlContent, OptionalText, RequiredText } from '../../common/text-fields';

const trimTags = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((tag) => (typeof tag === 'string' ? tag.trim() : tag)).filter((tag) => tag !== '') : value;

/** An http(s) URL or an uploaded file; no characters that could close an HTML attribute or tag ("<>`). */
export const IMAGE_URL = /^(https?:\/\/[^\s"<>`]+|\/uploads\/[\w.-]+)$/;

/** The post fields of SPEC §3 that a client may send; `authorId` and `readTime` are accepted but the server decides them. */
export class CreatePostDto {
  @RequiredText(300, 'Title is required')
  title: string;

  @OptionalText(300, 'Normalized with the slug rule; generated from the title when empty')
  slug?: string | null;

  @HtmlContent()
  content: string;

  @OptionalText(1000, 'Generated from the content when empty')
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

  @ApiPropertyOptional({
    default: DEFAULT_LANGUAGE,
    maxLength: LANGUAGE_TAG_MAX_LENGTH,
    example: 'en',
    description: "The post's language, a BCP 47 tag (stored in its canonical form); its direction follows from it",
  })
  @IsOptional()
  @IsString()
  @MaxLength(LANGUAGE_TAG_MAX_LENGTH)
  language?: string;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description:
      'The post this one translates: both then name each other as alternates (hreflang). It must exist and be no translation itself; null: none',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  translationOfId?: number | null;

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

  @OptionalText(300)
  metaTitle?: string | null;

  @OptionalText(500)
  metaDescription?: string | null;

  @ApiPropertyOptional({
    default: true,
    description: 'Whether readers may comment (the site-wide switch in the comment settings comes first)',
  })
  @IsOptional()
  @IsBoolean()
  commentsOpen?: boolean;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: 3650,
    description: 'Comments close this many days after publication; null: never',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(3650)
  commentsCloseAfterDays?: number | null;
}

export class UpdatePostDto extends PartialType(CreatePostDto) {
  @BasedOnVersion()
  version?: number;
}

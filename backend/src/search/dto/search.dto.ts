import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '@mudawwana/rules';
import { toBoolean, toInt, trim } from '../../common/transforms';
import { PostSummaryDto } from '../../posts/dto/post.dto';

export const MAX_QUERY_LENGTH = 200;

/** GET /api/search */
export class SearchQuery {
  @ApiProperty({ maxLength: MAX_QUERY_LENGTH, description: 'What to look for: Arabic or Latin words, with or without diacritics' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'q must not be empty' })
  @MaxLength(MAX_QUERY_LENGTH)
  q: string;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: LIST_MAX_LIMIT,
    default: LIST_DEFAULT_LIMIT,
    description: `Results per call: ${LIST_DEFAULT_LIMIT} when not given, at most ${LIST_MAX_LIMIT}`,
  })
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(LIST_MAX_LIMIT, { message: `limit must not be greater than ${LIST_MAX_LIMIT}` })
  limit?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 1_000_000 })
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  offset?: number;

  @ApiPropertyOptional({ description: 'true: drafts too (signed in only; 401 otherwise). Default: published posts only.' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'includeDrafts must be true or false' })
  includeDrafts?: boolean;
}

/** A post found by a search, with its matching words marked. */
export class SearchHitDto extends PostSummaryDto {
  @ApiProperty({ description: 'The title as safe HTML, matching words in <mark>' }) titleHtml: string;
  @ApiProperty({ description: 'About 200 characters of the text around the first match, as safe HTML, matching words in <mark>' })
  snippet: string;
}

export class SearchResultsDto {
  @ApiProperty({ type: [SearchHitDto], description: 'Best first: matches in the title weigh most, then tags, then the text' })
  items: SearchHitDto[];

  @ApiProperty({ description: 'How many posts match in all' }) total: number;
}

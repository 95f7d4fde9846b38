import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageLimit, PageOffset } from '../../common/paging';
import { toBoolean, trim } from '../../common/transforms';
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

  @PageLimit({ items: 'Results' })
  limit?: number;

  @PageOffset()
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

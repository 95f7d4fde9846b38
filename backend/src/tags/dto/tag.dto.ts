import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { toBoolean, trim } from '../../common/transforms';

/** A tag and how many posts carry it. */
export class TagDto {
  @ApiProperty({ description: 'As written on the posts (the most used spelling when several share a slug)' }) name: string;
  @ApiProperty({ description: 'Its address: /tag/{slug}; Arabic letters kept' }) slug: string;
  @ApiProperty({ description: 'Posts carrying it (published ones, unless drafts were asked for)' }) count: number;
}

/** GET /api/tags, GET /api/tags/:slug */
export class TagsQuery {
  @ApiPropertyOptional({ description: 'true: count drafts too (signed in only; 401 otherwise)' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'includeDrafts must be true or false' })
  includeDrafts?: boolean;
}

/** PUT /api/tags/:slug */
export class RenameTagDto {
  @ApiProperty({ maxLength: 60, description: 'The new name, on every post that carries the tag' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(60)
  name: string;
}

/** POST /api/tags/:slug/merge */
export class MergeTagDto {
  @ApiProperty({ maxLength: 200, description: 'The slug of the tag that takes its posts (and keeps its name)' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  into: string;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Page } from '../page.entity';
import { trim } from '../../common/transforms';
import { BasedOnVersion } from '../../common/versions';

export class PageSummaryDto {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty() slug: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;

  static from(page: Page): PageSummaryDto {
    return { id: page.id, title: page.title, slug: page.slug, updatedAt: page.updatedAt.toISOString() };
  }
}

export class PageDto extends PageSummaryDto {
  @ApiProperty({ description: 'Sanitized HTML' }) content: string;
  @ApiProperty({ description: 'Raised by every save; send it back with an update to be told of edits made in between' })
  version: number;

  static from(page: Page): PageDto {
    return { ...PageSummaryDto.from(page), content: page.content, version: page.version };
  }
}

export class SavePageDto {
  @ApiPropertyOptional({ description: 'Ignored: the id is the one in the path' })
  @IsOptional()
  @IsInt()
  id?: number;

  @ApiProperty({ maxLength: 300 })
  @Transform(trim)
  @IsString()
  @MinLength(1, { message: 'Title is required' })
  @MaxLength(300)
  title: string;

  @ApiProperty({ description: 'HTML; sanitized by the server' })
  @IsString()
  @MinLength(1, { message: 'Content is required' })
  @MaxLength(2_000_000)
  content: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 300,
    description: 'Normalized with the page slug rule; generated from the title when empty',
  })
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(300)
  slug?: string | null;

  @BasedOnVersion()
  version?: number;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional } from 'class-validator';
import { Page } from '../page.entity';
import { BasedOnVersion } from '../../common/versions';
import { HtmlContent, OptionalText, RequiredText } from '../../common/text-fields';

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

  @RequiredText(300, 'Title is required')
  title: string;

  @HtmlContent()
  content: string;

  @OptionalText(300, 'Normalized with the page slug rule; generated from the title when empty')
  slug?: string | null;

  @BasedOnVersion()
  version?: number;
}

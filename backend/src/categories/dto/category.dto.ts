import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Category } from '../category.entity';
import { trim } from '../../common/transforms';

export class CategoryDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty() slug: string;
  @ApiProperty({ description: 'Number of published posts in the category' }) postCount: number;

  static from(category: Category, postCount: number): CategoryDto {
    return { id: category.id, name: category.name, slug: category.slug, postCount };
  }
}

/** A category as a post page names it (its badge): without the count of posts, which moves with every other post. */
export class CategoryLinkDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty() slug: string;
}

export class SaveCategoryDto {
  @ApiProperty({ maxLength: 100 })
  @Transform(trim)
  @IsString()
  @MinLength(1, { message: 'Category name is required.' })
  @MaxLength(100)
  name: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 200,
    description: 'Normalized with the slug rule; generated from the name when empty',
  })
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(200)
  slug?: string | null;
}

import { ApiProperty } from '@nestjs/swagger';
import { Category } from '../category.entity';
import { OptionalText, RequiredText } from '../../common/text-fields';

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
  @RequiredText(100, 'Category name is required.')
  name: string;

  @OptionalText(200, 'Normalized with the slug rule; generated from the name when empty')
  slug?: string | null;
}

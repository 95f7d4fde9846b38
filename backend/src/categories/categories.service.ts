import { Injectable } from '@nestjs/common';
import { slugify } from '@mudawwana/rules';
import { conflict, notFound } from '../common/domain-error';
import { DomainEvents } from '../common/domain-events';
import { uniqueSlug } from '../common/unique-slug';
import { PostCounts } from '../posts/post-counts';
import { CategoriesRepository } from './categories.repository';
import { Category } from './category.entity';
import { CategoryDto, CategoryLinkDto, SaveCategoryDto } from './dto/category.dto';

@Injectable()
export class CategoriesService {
  constructor(
    private readonly categories: CategoriesRepository,
    private readonly postCounts: PostCounts,
    private readonly events: DomainEvents,
  ) {}

  async listCategories(): Promise<CategoryDto[]> {
    const [categories, counts] = await Promise.all([this.categories.findAll(), this.postCounts.publishedByCategory()]);
    const countById = new Map(counts.map((row) => [row.categoryId, row.count]));
    return categories.map((category) => CategoryDto.from(category, countById.get(category.id) ?? 0));
  }

  /** The id of the category with this slug, or null: how the posts feature reads a category filter. */
  async idOfSlug(slug: string): Promise<number | null> {
    return (await this.categories.findBySlug(slug))?.id ?? null;
  }

  /** A post's category as its page names it (null: none, or gone). */
  async linkOf(id: number | null): Promise<CategoryLinkDto | null> {
    const category = id === null ? null : await this.categories.findById(id);
    return category && { id: category.id, name: category.name, slug: category.slug };
  }

  /** Whether a category with this id exists (a post may only name one that does). */
  async exists(id: number): Promise<boolean> {
    return (await this.categories.findById(id)) !== null;
  }

  async getCategoryBySlug(slug: string): Promise<CategoryDto> {
    const category = await this.categories.findBySlug(slug);
    if (!category) throw notFound('CATEGORY_NOT_FOUND', 'Category not found');
    return this.withCount(category);
  }

  async createCategory(input: SaveCategoryDto): Promise<CategoryDto> {
    return this.withCount(await this.save(null, input));
  }

  async updateCategory(id: number, input: SaveCategoryDto): Promise<CategoryDto> {
    const category = await this.categories.findById(id);
    if (!category) throw notFound('CATEGORY_NOT_FOUND', 'Category not found');
    return this.withCount(await this.save(category, input));
  }

  /** Posts of a deleted category stay, uncategorized (the foreign key is ON DELETE SET NULL). */
  async deleteCategory(id: number): Promise<void> {
    if (!(await this.categories.delete(id))) throw notFound('CATEGORY_NOT_FOUND', 'Category not found');
    await this.events.emit('category.deleted', { id });
  }

  private async save(before: Category | null, input: SaveCategoryDto): Promise<Category> {
    const category: Partial<Category> = before ?? {};
    if (await this.categories.nameTaken(input.name, category.id)) {
      throw conflict('CATEGORY_NAME_TAKEN', `A category named "${input.name}" already exists`);
    }
    let slug: string;
    if (input.slug === undefined && category.slug) {
      // An edit that does not mention the slug keeps the address readers and links already use.
      slug = category.slug;
    } else if (input.slug) {
      slug = slugify(input.slug);
      if (await this.categories.slugTaken(slug, category.id))
        throw conflict('CATEGORY_SLUG_TAKEN', `The slug "${slug}" is already used by another category`);
    } else {
      slug = await uniqueSlug(slugify(input.name), (candidate) => this.categories.slugTaken(candidate, category.id));
    }
    const saved = await this.categories.save({ ...category, name: input.name, slug });
    await this.events.emit('category.saved', { before, after: saved });
    return saved;
  }

  private async withCount(category: Category): Promise<CategoryDto> {
    return CategoryDto.from(category, await this.postCounts.publicNow(category.id));
  }
}

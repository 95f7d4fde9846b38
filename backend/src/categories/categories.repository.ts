import { Injectable } from '@nestjs/common';
import { DataSource, Not, Repository } from 'typeorm';
import { Category } from './category.entity';

@Injectable()
export class CategoriesRepository {
  private readonly categories: Repository<Category>;

  constructor(dataSource: DataSource) {
    this.categories = dataSource.getRepository(Category);
  }

  findAll(): Promise<Category[]> {
    return this.categories.find({ order: { id: 'ASC' } });
  }

  findById(id: number): Promise<Category | null> {
    return this.categories.findOneBy({ id });
  }

  findBySlug(slug: string): Promise<Category | null> {
    return this.categories.findOneBy({ slug });
  }

  nameTaken(name: string, exceptId?: number): Promise<boolean> {
    return this.categories.exists({ where: exceptId ? { name, id: Not(exceptId) } : { name } });
  }

  slugTaken(slug: string, exceptId?: number): Promise<boolean> {
    return this.categories.exists({ where: exceptId ? { slug, id: Not(exceptId) } : { slug } });
  }

  save(category: Partial<Category>): Promise<Category> {
    return this.categories.save(this.categories.create(category));
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.categories.delete({ id });
    return (result.affected ?? 0) > 0;
  }
}

import { StaleVersionError, versionConflict } from '../common/versions';
import { Injectable } from '@nestjs/common';
import { ContentTag, recordContentChange } from '../common/content-tags';
import { badRequest, conflict, notFound } from '../common/domain-error';
import { fallbackSlug, pageSlugify } from '../common/rules/slug';
import { sanitizeContent } from '../common/sanitize-html';
import { uniqueSlug } from '../common/unique-slug';
import { PageDto, PageSummaryDto, SavePageDto } from './dto/page.dto';
import { Page } from './page.entity';
import { PagesRepository } from './pages.repository';

const pageNotFound = () => notFound('PAGE_NOT_FOUND', 'Page not found');

/** Slugs that are routes of the site itself, so a page there could never be reached. */
const RESERVED_SLUGS = new Set([
  'admin',
  'api',
  'auth',
  'post',
  'category',
  'tag',
  'search',
  'reset-password',
  'uploads',
  'rss.xml',
  'sitemap.xml',
  'robots.txt',
]);

@Injectable()
export class PagesService {
  constructor(private readonly pages: PagesRepository) {}

  async listPages(): Promise<PageSummaryDto[]> {
    return (await this.pages.findSummaries()).map(PageSummaryDto.from);
  }

  async getPageBySlug(slug: string): Promise<PageDto> {
    const page = await this.pages.findBySlug(slug);
    if (!page) throw pageNotFound();
    return PageDto.from(page);
  }

  async getPageById(id: number): Promise<PageDto> {
    const page = await this.pages.findById(id);
    if (!page) throw pageNotFound();
    return PageDto.from(page);
  }

  async createPage(input: SavePageDto): Promise<PageDto> {
    return PageDto.from(await this.save({}, input));
  }

  async updatePage(id: number, input: SavePageDto): Promise<PageDto> {
    const page = await this.pages.findById(id);
    if (!page) throw pageNotFound();
    try {
      return PageDto.from(await this.save(page, input));
    } catch (error) {
      if (error instanceof StaleVersionError) throw versionConflict(await this.getPageById(id));
      throw error;
    }
  }

  async deletePage(id: number): Promise<void> {
    if (!(await this.pages.delete(id))) throw pageNotFound();
    recordContentChange(ContentTag.pages);
  }

  private async save(page: Partial<Page>, input: SavePageDto): Promise<Page> {
    const content = sanitizeContent(input.content);
    if (!content) throw badRequest('CONTENT_REQUIRED', 'Content is required');
    const saved = await this.pages.save({ ...page, title: input.title, content, slug: await this.chooseSlug(page, input) }, input.version);
    recordContentChange(ContentTag.pages);
    return saved;
  }

  private async chooseSlug(page: Partial<Page>, input: SavePageDto): Promise<string> {
    if (input.slug) {
      const slug = pageSlugify(input.slug);
      if (!slug) throw badRequest('PAGE_SLUG_INVALID', 'The slug must contain letters or digits');
      if (RESERVED_SLUGS.has(slug)) throw conflict('PAGE_SLUG_RESERVED', `"${slug}" is a reserved address of the site`);
      if (await this.pages.slugTaken(slug, page.id))
        throw conflict('PAGE_SLUG_TAKEN', `The slug "${slug}" is already used by another page`);
      return slug;
    }
    if (page.slug) return page.slug;
    let base = pageSlugify(input.title) || fallbackSlug('page');
    if (RESERVED_SLUGS.has(base)) base = `${base}-page`;
    return uniqueSlug(base, (slug) => this.pages.slugTaken(slug, page.id));
  }
}

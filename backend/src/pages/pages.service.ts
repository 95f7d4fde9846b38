import { preconditionFailed, StaleVersionError, staleSave, versionToClaim } from '../common/versions';
import { Injectable } from '@nestjs/common';
import { badRequest, conflict, notFound } from '../common/domain-error';
import { DomainEvents } from '../common/domain-events';
import { fallbackSlug, pageSlugify, RESERVED_PAGE_SLUGS } from '@mudawwana/rules';
import { articleHtml } from '../common/article-html';
import { sanitizeContent } from '../common/sanitize-html';
import { renderFormulas } from '../common/formulas';
import { uniqueSlug } from '../common/unique-slug';
import { PageDto, PageSummaryDto, SavePageDto } from './dto/page.dto';
import { Page } from './page.entity';
import { PagesRepository } from './pages.repository';
import type { RevisionNote } from '../posts/posts.repository';
import { AutosaveDto, ListRevisionsQuery, RestoreRevisionDto, RevisionDto, RevisionSummaryDto } from '../revisions/dto/revision.dto';
import { RevisionHistory } from '../revisions/revision-history';
import { RevisionsRepository } from '../revisions/revisions.repository';
import { User } from '../users/user.entity';

const pageNotFound = () => notFound('PAGE_NOT_FOUND', 'Page not found');

/** Slugs that are routes of the site itself, so a page there could never be reached. */
const RESERVED_SLUGS = new Set(RESERVED_PAGE_SLUGS);

@Injectable()
export class PagesService {
  constructor(
    private readonly pages: PagesRepository,
    private readonly revisions: RevisionsRepository,
    private readonly history: RevisionHistory,
    private readonly events: DomainEvents,
  ) {}

  async listPages(): Promise<PageSummaryDto[]> {
    return (await this.pages.findSummaries()).map(PageSummaryDto.from);
  }

  async getPageBySlug(slug: string): Promise<PageDto> {
    const page = await this.pages.findBySlug(slug);
    if (!page) throw pageNotFound();
    return { ...PageDto.from(page), content: articleHtml(page.content).html };
  }

  async getPageById(id: number): Promise<PageDto> {
    const page = await this.pages.findById(id);
    if (!page) throw pageNotFound();
    return PageDto.from(page);
  }

  async createPage(input: SavePageDto, author: User): Promise<PageDto> {
    return PageDto.from(await this.save(null, input, { kind: 'save', authorId: author.id }));
  }

  /**
   * A save based on a version (the `version` field, or the ETag in `ifMatch`, the request's If-Match header): answers
   * 409 (412 for If-Match) with the page as it is now when it was saved since.
   */
  async updatePage(id: number, input: SavePageDto, author: User, kind: 'save' | 'restore' = 'save', ifMatch?: string): Promise<PageDto> {
    const page = await this.findOrFail(id);
    const basedOn = { version: input.version, ifMatch };
    const expected = versionToClaim(page, PageDto.from(page), basedOn);
    try {
      return PageDto.from(await this.save(page, { ...input, version: expected }, { kind, authorId: author.id }));
    } catch (error) {
      if (error instanceof StaleVersionError) throw staleSave(await this.getPageById(id), basedOn);
      throw error;
    }
  }

  /** Keeps the editor's title and content as an autosave revision; the page does not change. */
  async autosavePage(id: number, input: AutosaveDto, author: User): Promise<RevisionSummaryDto> {
    const page = await this.findOrFail(id);
    const fields = {
      title: input.title ?? page.title,
      content: input.content === undefined ? page.content : sanitizeContent(renderFormulas(input.content)),
    };
    return RevisionSummaryDto.from(await this.revisions.autosave({ pageId: id }, fields, author.id));
  }

  async listPageRevisions(id: number, query: ListRevisionsQuery): Promise<RevisionSummaryDto[]> {
    await this.findOrFail(id);
    return this.history.list({ pageId: id }, query);
  }

  async getPageRevision(id: number, revisionId: number): Promise<RevisionDto> {
    await this.findOrFail(id);
    return this.history.get({ pageId: id }, revisionId);
  }

  /** Saves the revision's title and content again, as a new 'restore' revision (the version check applies). */
  async restorePageRevision(id: number, revisionId: number, input: RestoreRevisionDto, author: User): Promise<PageDto> {
    const revision = await this.getPageRevision(id, revisionId);
    return this.updatePage(id, { title: revision.title, content: revision.content, version: input.version }, author, 'restore');
  }

  private async findOrFail(id: number): Promise<Page> {
    const page = await this.pages.findById(id);
    if (!page) throw pageNotFound();
    return page;
  }

  /** `ifMatch`: the request's If-Match header, if any (412 when it does not name the page as it is now). */
  async deletePage(id: number, ifMatch?: string): Promise<void> {
    const page = await this.findOrFail(id);
    const expected = versionToClaim(page, PageDto.from(page), { ifMatch });
    if (!(await this.pages.delete(id, expected))) {
      // Saved since the If-Match check (412), or deleted by someone else (404).
      const current = await this.pages.findById(id);
      throw current ? preconditionFailed(PageDto.from(current)) : pageNotFound();
    }
    await this.events.emit('page.deleted', { page });
  }

  private async save(before: Page | null, input: SavePageDto, revision: RevisionNote): Promise<Page> {
    const page: Partial<Page> = before ?? {};
    const content = sanitizeContent(renderFormulas(input.content));
    if (!content) throw badRequest('CONTENT_REQUIRED', 'Content is required');
    const fields = { ...page, title: input.title, content, slug: await this.chooseSlug(page, input) };
    const saved = await this.pages.save(fields, input.version, revision);
    await this.events.emit('page.saved', { before, after: saved });
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

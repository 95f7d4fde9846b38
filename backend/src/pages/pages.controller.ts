import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors } from '../common/api-errors.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { AutosaveDto, ListRevisionsQuery, RestoreRevisionDto, RevisionDto, RevisionSummaryDto } from '../revisions/dto/revision.dto';
import { RevisionEndpoints } from '../revisions/revision-endpoints';
import { User } from '../users/user.entity';
import { Public } from '../common/public.decorator';
import { ApiIfMatch, ETAG_HEADER, withEntityTag } from '../common/versions';
import { PageDto, PageSummaryDto, SavePageDto } from './dto/page.dto';
import { PagesService } from './pages.service';
import { Endpoint, VERSION_OR_IF_MATCH_CHECK } from '../openapi/endpoint.decorator';

@ApiTags('pages')
@Controller('pages')
export class PagesController {
  constructor(private readonly pages: PagesService) {}

  @Public()
  @Get()
  @Endpoint({ summary: 'List static pages', description: 'Every static page (about, contact, …) without its content.' })
  @ApiOkResponse({ type: [PageSummaryDto] })
  listPages(): Promise<PageSummaryDto[]> {
    return this.pages.listPages();
  }

  @Get('id/:id')
  @Endpoint({
    summary: 'Read a static page by id (for editing)',
    description: 'A page with its content and `version` (send it back when saving), and its `ETag` (or send that back in `If-Match`).',
  })
  @ApiOkResponse({ type: PageDto, headers: ETAG_HEADER })
  @ApiErrors(401, 404)
  async getPageById(@Param('id', ParseIdPipe) id: number, @Res({ passthrough: true }) response: Response): Promise<PageDto> {
    return withEntityTag(response, await this.pages.getPageById(id));
  }

  /** `about` is just a page with that slug. */
  @Public()
  @Get(':slug')
  @Endpoint({
    summary: 'Read a static page by slug',
    description:
      'One page with its content as readers see it: headings with ids and links to themselves, code highlighted (`/api/pages/about` is the about page).',
  })
  @ApiOkResponse({ type: PageDto })
  @ApiErrors(404)
  getPageBySlug(@Param('slug') slug: string): Promise<PageDto> {
    return this.pages.getPageBySlug(slug);
  }

  @Post()
  @Endpoint({
    summary: 'Create a static page',
    description: "The slug must be unique and not one of the site's own paths (409 `PAGE_SLUG_RESERVED`); the HTML content is sanitized.",
  })
  @ApiCreatedResponse({ type: PageDto })
  @ApiErrors(400, 401, 409)
  createPage(@Body() input: SavePageDto, @CurrentUser() author: User): Promise<PageDto> {
    return this.pages.createPage(input, author);
  }

  @Put(':id')
  @Endpoint({ summary: 'Save a static page', description: `Replaces the page's title, slug and content. ${VERSION_OR_IF_MATCH_CHECK}` })
  @ApiOkResponse({ type: PageDto, headers: ETAG_HEADER })
  @ApiErrors(400, 401, 404, 409)
  @ApiIfMatch()
  async updatePage(
    @Param('id', ParseIdPipe) id: number,
    @Body() input: SavePageDto,
    @CurrentUser() author: User,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PageDto> {
    return withEntityTag(response, await this.pages.updatePage(id, input, author, 'save', ifMatch));
  }

  @RevisionEndpoints.autosave('page')
  autosavePage(@Param('id', ParseIdPipe) id: number, @Body() input: AutosaveDto, @CurrentUser() author: User): Promise<RevisionSummaryDto> {
    return this.pages.autosavePage(id, input, author);
  }

  @RevisionEndpoints.list('page')
  listPageRevisions(@Param('id', ParseIdPipe) id: number, @Query() query: ListRevisionsQuery): Promise<RevisionSummaryDto[]> {
    return this.pages.listPageRevisions(id, query);
  }

  @RevisionEndpoints.read('page')
  getPageRevision(@Param('id', ParseIdPipe) id: number, @Param('revisionId', ParseIdPipe) revisionId: number): Promise<RevisionDto> {
    return this.pages.getPageRevision(id, revisionId);
  }

  @RevisionEndpoints.restore('page', PageDto)
  restorePageRevision(
    @Param('id', ParseIdPipe) id: number,
    @Param('revisionId', ParseIdPipe) revisionId: number,
    @Body() input: RestoreRevisionDto,
    @CurrentUser() author: User,
  ): Promise<PageDto> {
    return this.pages.restorePageRevision(id, revisionId, input, author);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete a static page',
    description:
      "Deletes the page for good. With `If-Match` (the page's `ETag`), only if it has not changed since: 412 `PRECONDITION_FAILED` otherwise.",
  })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiErrors(401, 404)
  @ApiIfMatch()
  deletePage(@Param('id', ParseIdPipe) id: number, @Headers('if-match') ifMatch: string | undefined): Promise<void> {
    return this.pages.deletePage(id, ifMatch);
  }
}

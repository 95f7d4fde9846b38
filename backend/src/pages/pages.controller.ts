import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors } from '../common/api-errors.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { AutosaveDto, ListRevisionsQuery, RestoreRevisionDto, RevisionDto, RevisionSummaryDto } from '../revisions/dto/revision.dto';
import { User } from '../users/user.entity';
import { Public } from '../common/public.decorator';
import { ApiIfMatch, ETAG_HEADER, withEntityTag } from '../common/versions';
import { PageDto, PageSummaryDto, SavePageDto } from './dto/page.dto';
import { PagesService } from './pages.service';

@ApiTags('pages')
@Controller('pages')
export class PagesController {
  constructor(private readonly pages: PagesService) {}

  @Public()
  @Get()
  @ApiOkResponse({ type: [PageSummaryDto] })
  listPages(): Promise<PageSummaryDto[]> {
    return this.pages.listPages();
  }

  @Get('id/:id')
  @ApiOkResponse({ type: PageDto, headers: ETAG_HEADER })
  @ApiErrors(401, 404)
  async getPageById(@Param('id', ParseIdPipe) id: number, @Res({ passthrough: true }) response: Response): Promise<PageDto> {
    return withEntityTag(response, await this.pages.getPageById(id));
  }

  /** `about` is just a page with that slug. */
  @Public()
  @Get(':slug')
  @ApiOkResponse({ type: PageDto })
  @ApiErrors(404)
  getPageBySlug(@Param('slug') slug: string): Promise<PageDto> {
    return this.pages.getPageBySlug(slug);
  }

  @Post()
  @ApiCreatedResponse({ type: PageDto })
  @ApiErrors(400, 401, 409)
  createPage(@Body() input: SavePageDto, @CurrentUser() author: User): Promise<PageDto> {
    return this.pages.createPage(input, author);
  }

  @Put(':id')
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

  /** Keeps the editor's title and content as an autosave revision; the page itself does not change. */
  @Post(':id/autosave')
  @ApiCreatedResponse({ type: RevisionSummaryDto })
  @ApiErrors(400, 401, 404)
  autosavePage(@Param('id', ParseIdPipe) id: number, @Body() input: AutosaveDto, @CurrentUser() author: User): Promise<RevisionSummaryDto> {
    return this.pages.autosavePage(id, input, author);
  }

  @Get(':id/revisions')
  @ApiOkResponse({ type: [RevisionSummaryDto], description: 'Newest first' })
  @ApiErrors(400, 401, 404)
  listPageRevisions(@Param('id', ParseIdPipe) id: number, @Query() query: ListRevisionsQuery): Promise<RevisionSummaryDto[]> {
    return this.pages.listPageRevisions(id, query);
  }

  @Get(':id/revisions/:revisionId')
  @ApiOkResponse({ type: RevisionDto })
  @ApiErrors(401, 404)
  getPageRevision(@Param('id', ParseIdPipe) id: number, @Param('revisionId', ParseIdPipe) revisionId: number): Promise<RevisionDto> {
    return this.pages.getPageRevision(id, revisionId);
  }

  /** A save of the revision's title and content (a new 'restore' revision; none is deleted); the version check applies. */
  @Post(':id/revisions/:revisionId/restore')
  @HttpCode(200)
  @ApiOkResponse({ type: PageDto })
  @ApiErrors(400, 401, 404, 409)
  restorePageRevision(
    @Param('id', ParseIdPipe) id: number,
    @Param('revisionId', ParseIdPipe) revisionId: number,
    @Body() input: RestoreRevisionDto,
    @CurrentUser() author: User,
  ): Promise<PageDto> {
    return this.pages.restorePageRevision(id, revisionId, input, author);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiErrors(401, 404)
  @ApiIfMatch()
  deletePage(@Param('id', ParseIdPipe) id: number, @Headers('if-match') ifMatch: string | undefined): Promise<void> {
    return this.pages.deletePage(id, ifMatch);
  }
}

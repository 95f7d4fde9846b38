import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-errors.decorator';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Public } from '../common/public.decorator';
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
  @ApiOkResponse({ type: PageDto })
  @ApiErrors(401, 404)
  getPageById(@Param('id', ParseIdPipe) id: number): Promise<PageDto> {
    return this.pages.getPageById(id);
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
  createPage(@Body() input: SavePageDto): Promise<PageDto> {
    return this.pages.createPage(input);
  }

  @Put(':id')
  @ApiOkResponse({ type: PageDto })
  @ApiErrors(400, 401, 404, 409)
  updatePage(@Param('id', ParseIdPipe) id: number, @Body() input: SavePageDto): Promise<PageDto> {
    return this.pages.updatePage(id, input);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiErrors(401, 404)
  deletePage(@Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.pages.deletePage(id);
  }
}

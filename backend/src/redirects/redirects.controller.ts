import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-errors.decorator';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Endpoint } from '../openapi/endpoint.decorator';
import { CreateRedirectDto, ListRedirectsQuery, RedirectDto, RedirectListDto } from './dto/redirect.dto';
import { RedirectsService } from './redirects.service';

/** The author's redirects from old addresses (docs/decisions/025-redirects.md). */
@ApiTags('redirects')
@Controller('redirects')
export class RedirectsController {
  constructor(private readonly redirects: RedirectsService) {}

  @Get()
  @Endpoint({
    summary: 'List redirects',
    description:
      'Newest first, `limit` at a time (20 by default, at most 50) from `offset`, with the total; `q` keeps those whose old or new address contains it.',
  })
  @ApiOkResponse({ type: RedirectListDto })
  @ApiErrors(400, 401)
  listRedirects(@Query() query: ListRedirectsQuery): Promise<RedirectListDto> {
    return this.redirects.list(query);
  }

  @Post()
  @Endpoint({
    summary: 'Add a redirect',
    description:
      "From an old address to a path on the blog or an http(s) URL, 301 (moved for good, the default) or 302. A reader asking for `fromPath` gets it only where the blog has no page of its own: a live post or page is never hidden (a redirect from a post's address starts working once the post is gone). A query no page reads (`/?p=12`) is matched before the page. The address is stored normalised (see `RedirectDto.fromPath`). 400 `REDIRECT_FROM_INVALID`, `REDIRECT_FROM_RESERVED` (the blog's own paths), `REDIRECT_TO_INVALID`, `REDIRECT_LOOP`; 409 `REDIRECT_EXISTS`.",
  })
  @ApiCreatedResponse({ type: RedirectDto })
  @ApiErrors(400, 401, 409)
  createRedirect(@Body() input: CreateRedirectDto): Promise<RedirectDto> {
    return this.redirects.create(input);
  }

  @Delete(':id')
  @HttpCode(204)
  @Endpoint({ summary: 'Delete a redirect', description: 'Readers asking for its address get the 404 again. 404 `REDIRECT_NOT_FOUND`.' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiErrors(400, 401, 404)
  deleteRedirect(@Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.redirects.remove(id);
  }
}

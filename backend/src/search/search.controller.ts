import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { OptionalUser } from '../auth/current-user.decorator';
import { ApiErrors } from '../common/api-errors.decorator';
import { Public } from '../common/public.decorator';
import { User } from '../users/user.entity';
import { SearchQuery, SearchResultsDto } from './dto/search.dto';
import { SearchService } from './search.service';
import { Endpoint } from '../openapi/endpoint.decorator';

@ApiTags('search')
@Controller('search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Public()
  @Get()
  @Endpoint({
    summary: 'Search posts (Arabic-aware)',
    description:
      'Published posts containing every word of `q` in any usual spelling: diacritics and tatweel ignored, أ/إ/آ/ا, ى/ي and ة/ه alike, attached ال و ف ب ك ل and a few suffixes taken off, Latin case-folded, Arabic-Indic digits equal to Latin ones. Best first (title, then tags, then text), with the title and a snippet as safe HTML with `<mark>` around the matching words, and the `total`. `limit` 20 by default, at most 50 (400 above). `includeDrafts=true` adds drafts for the signed-in author (401 otherwise).',
  })
  @ApiOkResponse({ type: SearchResultsDto })
  @ApiErrors(400, 401)
  searchPosts(@Query() query: SearchQuery, @OptionalUser() viewer: User | undefined): Promise<SearchResultsDto> {
    return this.search.searchPosts(query, viewer);
  }
}

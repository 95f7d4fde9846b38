import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { OptionalUser } from '../auth/current-user.decorator';
import { ApiErrors } from '../common/api-errors.decorator';
import { Public } from '../common/public.decorator';
import { User } from '../users/user.entity';
import { SearchQuery, SearchResultsDto } from './dto/search.dto';
import { SearchService } from './search.service';

@ApiTags('search')
@Controller('search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Public()
  @Get()
  @ApiOkResponse({ type: SearchResultsDto })
  @ApiErrors(400, 401)
  searchPosts(@Query() query: SearchQuery, @OptionalUser() viewer: User | undefined): Promise<SearchResultsDto> {
    return this.search.searchPosts(query, viewer);
  }
}

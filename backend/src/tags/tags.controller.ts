import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { OptionalUser } from '../auth/current-user.decorator';
import { ApiErrors } from '../common/api-errors.decorator';
import { Public } from '../common/public.decorator';
import { User } from '../users/user.entity';
import { MergeTagDto, RenameTagDto, TagDto, TagsQuery } from './dto/tag.dto';
import { TagsService } from './tags.service';

@ApiTags('tags')
@Controller('tags')
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @Public()
  @Get()
  @ApiOkResponse({ type: [TagDto] })
  @ApiErrors(400, 401)
  listTags(@Query() query: TagsQuery, @OptionalUser() viewer: User | undefined): Promise<TagDto[]> {
    return this.tags.listTags(query, viewer);
  }

  @Public()
  @Get(':slug')
  @ApiOkResponse({ type: TagDto })
  @ApiErrors(400, 401, 404)
  getTag(@Param('slug') slug: string, @Query() query: TagsQuery, @OptionalUser() viewer: User | undefined): Promise<TagDto> {
    return this.tags.getTag(slug, query, viewer);
  }

  @Put(':slug')
  @ApiOkResponse({ type: TagDto })
  @ApiErrors(400, 401, 404, 409)
  renameTag(@Param('slug') slug: string, @Body() input: RenameTagDto): Promise<TagDto> {
    return this.tags.renameTag(slug, input);
  }

  @Post(':slug/merge')
  @HttpCode(200)
  @ApiOkResponse({ type: TagDto })
  @ApiErrors(400, 401, 404)
  mergeTag(@Param('slug') slug: string, @Body() input: MergeTagDto): Promise<TagDto> {
    return this.tags.mergeTag(slug, input);
  }
}

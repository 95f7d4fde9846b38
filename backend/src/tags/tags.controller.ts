import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { OptionalUser } from '../auth/current-user.decorator';
import { ApiErrors } from '../common/api-errors.decorator';
import { Public } from '../common/public.decorator';
import { User } from '../users/user.entity';
import { MergeTagDto, RenameTagDto, TagDto, TagsQuery } from './dto/tag.dto';
import { TagsService } from './tags.service';
import { Endpoint } from '../openapi/endpoint.decorator';

@ApiTags('tags')
@Controller('tags')
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @Public()
  @Get()
  @Endpoint({
    summary: 'List tags',
    description:
      'Every tag with its slug (for /tag/{slug}) and the number of published posts carrying it, most used first. `includeDrafts=true` counts drafts too (signed in; 401 otherwise).',
  })
  @ApiOkResponse({ type: [TagDto] })
  @ApiErrors(400, 401)
  listTags(@Query() query: TagsQuery, @OptionalUser() viewer: User | undefined): Promise<TagDto[]> {
    return this.tags.listTags(query, viewer);
  }

  @Public()
  @Get(':slug')
  @Endpoint({
    summary: 'Read a tag by slug',
    description:
      'One tag with its post count; 404 `TAG_NOT_FOUND` when no published post carries it (or no post at all, with `includeDrafts=true`). Its posts: GET /api/posts?tag={slug}.',
  })
  @ApiOkResponse({ type: TagDto })
  @ApiErrors(400, 401, 404)
  getTag(@Param('slug') slug: string, @Query() query: TagsQuery, @OptionalUser() viewer: User | undefined): Promise<TagDto> {
    return this.tags.getTag(slug, query, viewer);
  }

  @Put(':slug')
  @Endpoint({
    summary: 'Rename a tag on every post',
    description:
      "Every post carrying the tag gets the new name, in one transaction; each post's `version` is raised. 409 `TAG_NAME_TAKEN` when the name is another tag's (merge them instead), 400 `TAG_NAME_INVALID` when it has no letter or digit.",
  })
  @ApiOkResponse({ type: TagDto })
  @ApiErrors(400, 401, 404, 409)
  renameTag(@Param('slug') slug: string, @Body() input: RenameTagDto): Promise<TagDto> {
    return this.tags.renameTag(slug, input);
  }

  @Post(':slug/merge')
  @Endpoint({
    summary: 'Merge a tag into another',
    description:
      'Every post carrying the tag carries the tag `into` instead (once), in one transaction; the tag is gone. 400 `TAG_MERGE_SAME` for the same tag, 404 `TAG_NOT_FOUND` when either does not exist.',
  })
  @HttpCode(200)
  @ApiOkResponse({ type: TagDto })
  @ApiErrors(400, 401, 404)
  mergeTag(@Param('slug') slug: string, @Body() input: MergeTagDto): Promise<TagDto> {
    return this.tags.mergeTag(slug, input);
  }
}

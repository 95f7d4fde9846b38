import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser, OptionalUser } from '../auth/current-user.decorator';
import { ApiErrors } from '../common/api-errors.decorator';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Public } from '../common/public.decorator';
import { ApiIfMatch, ETAG_HEADER, withEntityTag } from '../common/versions';
import { User } from '../users/user.entity';
import { CountPostsQuery, ListPostsQuery } from './dto/list-posts.query';
import { PostCountsDto, PostDetailDto, PostDto, PostSummaryDto } from './dto/post.dto';
import { CreatePostDto, UpdatePostDto } from './dto/save-post.dto';
import { BulkPostsDto, BulkPostsResultDto } from './dto/bulk-posts.dto';
import { PostsService } from './posts.service';
import { AutosaveDto, ListRevisionsQuery, RestoreRevisionDto, RevisionDto, RevisionSummaryDto } from '../revisions/dto/revision.dto';

@ApiTags('posts')
@Controller('posts')
export class PostsController {
  constructor(private readonly posts: PostsService) {}

  @Public()
  @Get()
  @ApiOkResponse({
    type: [PostSummaryDto],
    headers: { 'X-Total-Count': { description: 'Posts matching the filter', schema: { type: 'integer' } } },
  })
  @ApiErrors(400)
  async listPosts(
    @Query() query: ListPostsQuery,
    @OptionalUser() viewer: User | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PostSummaryDto[]> {
    const { items, total } = await this.posts.listPosts(query, viewer);
    response.setHeader('X-Total-Count', String(total));
    return items;
  }

  /**
   * The totals behind the paginated lists, as a body the generated client reads (X-Total-Count stays on the list,
   * but the generated hooks return only the array): the dashboard's tab counts and the public pages' page count.
   */
  @Public()
  @Get('counts')
  @ApiOkResponse({ type: PostCountsDto })
  @ApiErrors(400)
  countPosts(@Query() query: CountPostsQuery, @OptionalUser() viewer: User | undefined): Promise<PostCountsDto> {
    return this.posts.countPosts(query, viewer);
  }

  @Public()
  @Get('featured')
  @ApiOkResponse({ type: PostDto })
  @ApiNoContentResponse({ description: "No post is featured yet (not an error: a reader's console stays clean)" })
  async getFeaturedPost(@Res({ passthrough: true }) response: Response): Promise<PostDto | undefined> {
    const post = await this.posts.getFeaturedPost();
    if (post) return post;
    response.status(204);
    return undefined;
  }

  @Get('id/:id')
  @ApiOkResponse({ type: PostDto, headers: ETAG_HEADER })
  @ApiErrors(401, 404)
  async getPostById(@Param('id', ParseIdPipe) id: number, @Res({ passthrough: true }) response: Response): Promise<PostDto> {
    return withEntityTag(response, await this.posts.getPostById(id));
  }

  @Public()
  @Get(':slug')
  @ApiOkResponse({ type: PostDetailDto })
  @ApiErrors(404)
  getPostBySlug(@Param('slug') slug: string, @OptionalUser() viewer: User | undefined): Promise<PostDetailDto> {
    return this.posts.getPostBySlug(slug, viewer);
  }

  @Post()
  @ApiCreatedResponse({ type: PostDto })
  @ApiErrors(400, 401, 409)
  createPost(@Body() input: CreatePostDto, @CurrentUser() author: User): Promise<PostDto> {
    return this.posts.createPost(input, author);
  }

  /** Publish, unpublish or delete several posts at once, in one transaction (all or none). */
  @Post('bulk')
  @HttpCode(200)
  @ApiOkResponse({ type: BulkPostsResultDto })
  @ApiErrors(400, 401, 404)
  bulkChangePosts(@Body() input: BulkPostsDto, @CurrentUser() author: User): Promise<BulkPostsResultDto> {
    return this.posts.bulkChangePosts(input, author);
  }

  @Put(':id')
  @ApiOkResponse({ type: PostDto, headers: ETAG_HEADER })
  @ApiErrors(400, 401, 404, 409)
  @ApiIfMatch()
  async updatePost(
    @Param('id', ParseIdPipe) id: number,
    @Body() input: UpdatePostDto,
    @CurrentUser() author: User,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PostDto> {
    return withEntityTag(response, await this.posts.updatePost(id, input, author, ifMatch));
  }

  /** Keeps the editor's fields as an autosave revision; the post itself does not change. */
  @Post(':id/autosave')
  @ApiCreatedResponse({ type: RevisionSummaryDto })
  @ApiErrors(400, 401, 404)
  autosavePost(@Param('id', ParseIdPipe) id: number, @Body() input: AutosaveDto, @CurrentUser() author: User): Promise<RevisionSummaryDto> {
    return this.posts.autosavePost(id, input, author);
  }

  @Get(':id/revisions')
  @ApiOkResponse({ type: [RevisionSummaryDto], description: 'Newest first' })
  @ApiErrors(400, 401, 404)
  listPostRevisions(@Param('id', ParseIdPipe) id: number, @Query() query: ListRevisionsQuery): Promise<RevisionSummaryDto[]> {
    return this.posts.listPostRevisions(id, query);
  }

  @Get(':id/revisions/:revisionId')
  @ApiOkResponse({ type: RevisionDto })
  @ApiErrors(401, 404)
  getPostRevision(@Param('id', ParseIdPipe) id: number, @Param('revisionId', ParseIdPipe) revisionId: number): Promise<RevisionDto> {
    return this.posts.getPostRevision(id, revisionId);
  }

  /** A save of the revision's text (a new 'restore' revision; none is deleted); the version check applies. */
  @Post(':id/revisions/:revisionId/restore')
  @HttpCode(200)
  @ApiOkResponse({ type: PostDto })
  @ApiErrors(400, 401, 404, 409)
  restorePostRevision(
    @Param('id', ParseIdPipe) id: number,
    @Param('revisionId', ParseIdPipe) revisionId: number,
    @Body() input: RestoreRevisionDto,
    @CurrentUser() author: User,
  ): Promise<PostDto> {
    return this.posts.restorePostRevision(id, revisionId, input, author);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiErrors(401, 404)
  @ApiIfMatch()
  deletePost(@Param('id', ParseIdPipe) id: number, @Headers('if-match') ifMatch: string | undefined): Promise<void> {
    return this.posts.deletePost(id, ifMatch);
  }

  @Post(':id/fix-slug')
  @HttpCode(200)
  @ApiOkResponse({ type: PostDto })
  @ApiErrors(401, 404)
  fixPostSlug(@Param('id', ParseIdPipe) id: number): Promise<PostDto> {
    return this.posts.fixPostSlug(id);
  }

  @Put(':id/featured')
  @ApiOkResponse({ type: PostDto })
  @ApiErrors(400, 401, 404)
  setFeaturedPost(@Param('id', ParseIdPipe) id: number): Promise<PostDto> {
    return this.posts.setFeaturedPost(id);
  }
}

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
import { RevisionEndpoints } from '../revisions/revision-endpoints';
import { Endpoint, VERSION_OR_IF_MATCH_CHECK } from '../openapi/endpoint.decorator';

@ApiTags('posts')
@Controller('posts')
export class PostsController {
  constructor(private readonly posts: PostsService) {}

  @Public()
  @Get()
  @Endpoint({
    summary: 'List posts, newest first',
    description:
      'Post summaries (no content), `limit` at a time (20 by default, at most 50) from `offset`. Anonymous callers get published posts only (a scheduled post from its time on); signed in, `status=draft|scheduled|published` (or `published=true|false`) picks one status, no filter lists them all, and `q` searches titles. The number of posts matching the filter is in the `X-Total-Count` header; `GET /api/posts/counts` gives the totals as a body.',
  })
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
  @Endpoint({
    summary: 'Count posts',
    description:
      'The totals behind the paginated lists: `{ all, published, scheduled, drafts }`, for one category (`category` slug) or every post. The published total is what a client needs to page through the public list. Anonymous callers count published posts only (`scheduled` and `drafts` are 0).',
  })
  @ApiOkResponse({ type: PostCountsDto })
  @ApiErrors(400)
  countPosts(@Query() query: CountPostsQuery, @OptionalUser() viewer: User | undefined): Promise<PostCountsDto> {
    return this.posts.countPosts(query, viewer);
  }

  @Public()
  @Get('featured')
  @Endpoint({
    summary: 'The featured post',
    description: 'The one published post the author has featured on the home page; 204 with no body when none is.',
  })
  @ApiOkResponse({ type: PostDto })
  @ApiNoContentResponse({ description: "No post is featured yet (not an error: a reader's console stays clean)" })
  async getFeaturedPost(@Res({ passthrough: true }) response: Response): Promise<PostDto | undefined> {
    const post = await this.posts.getFeaturedPost();
    if (post) return post;
    response.status(204);
    return undefined;
  }

  @Get('id/:id')
  @Endpoint({
    summary: 'Read a post by id (for editing)',
    description:
      'A post, draft or published, with its content and `version` (send it back when saving), and its `ETag` (or send that back in `If-Match`).',
  })
  @ApiOkResponse({ type: PostDto, headers: ETAG_HEADER })
  @ApiErrors(401, 404)
  async getPostById(@Param('id', ParseIdPipe) id: number, @Res({ passthrough: true }) response: Response): Promise<PostDto> {
    return withEntityTag(response, await this.posts.getPostById(id));
  }

  @Public()
  @Get(':slug')
  @Endpoint({
    summary: 'Read a post by slug',
    description:
      "A published post with its content and links to the previous and next published posts, as readers see it (headings with ids and links to themselves, listed in `headings`; code highlighted); signed in, drafts too. The slug is the last segment of the post's address (Arabic letters are kept).",
  })
  @ApiOkResponse({ type: PostDetailDto })
  @ApiErrors(404)
  getPostBySlug(@Param('slug') slug: string, @OptionalUser() viewer: User | undefined): Promise<PostDetailDto> {
    return this.posts.getPostBySlug(slug, viewer);
  }

  @Post()
  @Endpoint({
    summary: 'Create a post',
    description:
      'A draft unless `published` is true. The slug comes from the title when not given and is made unique; the HTML content is sanitized; the excerpt is made from the content when empty, and the reading time is computed.',
  })
  @ApiCreatedResponse({ type: PostDto })
  @ApiErrors(400, 401, 409)
  createPost(@Body() input: CreatePostDto, @CurrentUser() author: User): Promise<PostDto> {
    return this.posts.createPost(input, author);
  }

  /** Publish, unpublish or delete several posts at once, in one transaction (all or none). */
  @Post('bulk')
  @Endpoint({
    summary: 'Publish, unpublish or delete several posts',
    description:
      '`{ action, ids }` (at most 100 ids) in one transaction: all of them change, or none does (404 `POST_NOT_FOUND` when an id does not exist). `changed` lists the posts the action changed.',
  })
  @HttpCode(200)
  @ApiOkResponse({ type: BulkPostsResultDto })
  @ApiErrors(400, 401, 404)
  bulkChangePosts(@Body() input: BulkPostsDto, @CurrentUser() author: User): Promise<BulkPostsResultDto> {
    return this.posts.bulkChangePosts(input, author);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Save a post',
    description: `Replaces the post's fields (publish it with \`published: true\`; schedule it with a \`publishAt\` to come as well). Keeps a revision. ${VERSION_OR_IF_MATCH_CHECK}`,
  })
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

  @RevisionEndpoints.autosave('post')
  autosavePost(@Param('id', ParseIdPipe) id: number, @Body() input: AutosaveDto, @CurrentUser() author: User): Promise<RevisionSummaryDto> {
    return this.posts.autosavePost(id, input, author);
  }

  @RevisionEndpoints.list('post')
  listPostRevisions(@Param('id', ParseIdPipe) id: number, @Query() query: ListRevisionsQuery): Promise<RevisionSummaryDto[]> {
    return this.posts.listPostRevisions(id, query);
  }

  @RevisionEndpoints.read('post')
  getPostRevision(@Param('id', ParseIdPipe) id: number, @Param('revisionId', ParseIdPipe) revisionId: number): Promise<RevisionDto> {
    return this.posts.getPostRevision(id, revisionId);
  }

  @RevisionEndpoints.restore('post', PostDto)
  restorePostRevision(
    @Param('id', ParseIdPipe) id: number,
    @Param('revisionId', ParseIdPipe) revisionId: number,
    @Body() input: RestoreRevisionDto,
    @CurrentUser() author: User,
  ): Promise<PostDto> {
    return this.posts.restorePostRevision(id, revisionId, input, author);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete a post',
    description:
      "Deletes the post for good. With `If-Match` (the post's `ETag`), only if it has not changed since: 412 `PRECONDITION_FAILED` otherwise.",
  })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiErrors(401, 404)
  @ApiIfMatch()
  deletePost(@Param('id', ParseIdPipe) id: number, @Headers('if-match') ifMatch: string | undefined): Promise<void> {
    return this.posts.deletePost(id, ifMatch);
  }

  @Post(':id/fix-slug')
  @Endpoint({
    summary: "Regenerate a post's slug from its title",
    description: 'For posts whose slug was left empty or mangled: builds it again from the title, unique among posts.',
  })
  @HttpCode(200)
  @ApiOkResponse({ type: PostDto })
  @ApiErrors(401, 404)
  fixPostSlug(@Param('id', ParseIdPipe) id: number): Promise<PostDto> {
    return this.posts.fixPostSlug(id);
  }

  @Put(':id/featured')
  @Endpoint({
    summary: 'Feature a post on the home page',
    description: 'Only a published post can be featured (400 `POST_NOT_PUBLISHED`); featuring one unfeatures the previous one.',
  })
  @ApiOkResponse({ type: PostDto })
  @ApiErrors(400, 401, 404)
  setFeaturedPost(@Param('id', ParseIdPipe) id: number): Promise<PostDto> {
    return this.posts.setFeaturedPost(id);
  }
}

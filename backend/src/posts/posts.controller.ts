import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser, OptionalUser } from '../auth/current-user.decorator';
import { ApiErrors } from '../common/api-errors.decorator';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Public } from '../common/public.decorator';
import { User } from '../users/user.entity';
import { ListPostsQuery } from './dto/list-posts.query';
import { PostDetailDto, PostDto, PostSummaryDto } from './dto/post.dto';
import { CreatePostDto, UpdatePostDto } from './dto/save-post.dto';
import { PostsService } from './posts.service';

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

  @Public()
  @Get('featured')
  @ApiOkResponse({ type: PostDto })
  @ApiErrors(404)
  getFeaturedPost(): Promise<PostDto> {
    return this.posts.getFeaturedPost();
  }

  @Get('id/:id')
  @ApiOkResponse({ type: PostDto })
  @ApiErrors(401, 404)
  getPostById(@Param('id', ParseIdPipe) id: number): Promise<PostDto> {
    return this.posts.getPostById(id);
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

  @Put(':id')
  @ApiOkResponse({ type: PostDto })
  @ApiErrors(400, 401, 404, 409)
  updatePost(@Param('id', ParseIdPipe) id: number, @Body() input: UpdatePostDto): Promise<PostDto> {
    return this.posts.updatePost(id, input);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiErrors(401, 404)
  deletePost(@Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.posts.deletePost(id);
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

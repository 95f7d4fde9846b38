import { Injectable } from '@nestjs/common';
import { CategoriesRepository } from '../categories/categories.repository';
import { badRequest, conflict, notFound } from '../common/domain-error';
import { sanitizeContent } from '../common/sanitize-html';
import { slugify } from '../common/rules/slug';
import { generateExcerpt, readingTime } from '../common/rules/text';
import { uniqueSlug } from '../common/unique-slug';
import { User } from '../users/user.entity';
import { ListPostsQuery } from './dto/list-posts.query';
import { PostDetailDto, PostDto, PostSummaryDto } from './dto/post.dto';
import { CreatePostDto, UpdatePostDto } from './dto/save-post.dto';
import { Post } from './post.entity';
import { PostFilter, PostsRepository } from './posts.repository';

const postNotFound = () => notFound('POST_NOT_FOUND', 'Post not found');

/** Slugs that GET /api/posts/:slug can never reach, because a fixed route of the same shape comes first. */
const RESERVED_SLUGS = new Set(['featured']);

@Injectable()
export class PostsService {
  constructor(
    private readonly posts: PostsRepository,
    private readonly categories: CategoriesRepository,
  ) {}

  /** Anonymous callers only ever see published posts; the author may also ask for drafts. */
  async listPosts(query: ListPostsQuery, viewer: User | undefined): Promise<{ items: PostSummaryDto[]; total: number }> {
    const filter: PostFilter = { published: viewer ? query.published : true, limit: query.limit, offset: query.offset };
    if (query.category !== undefined) {
      const category = await this.categories.findBySlug(query.category);
      if (!category) return { items: [], total: 0 };
      filter.categoryId = category.id;
    }
    const [posts, total] = await this.posts.findSummaries(filter);
    return { items: posts.map(PostSummaryDto.from), total };
  }

  async getFeaturedPost(): Promise<PostDto> {
    const post = await this.posts.findFeaturedPublished();
    if (!post) throw notFound('NO_FEATURED_POST', 'No featured post yet');
    return PostDto.from(post);
  }

  async getPostBySlug(slug: string, viewer: User | undefined): Promise<PostDetailDto> {
    const post = viewer ? await this.posts.findBySlug(slug) : await this.posts.findPublishedBySlug(slug);
    if (!post) throw postNotFound();
    const { older, newer } = await this.posts.findPublishedNeighbours(post);
    const link = (neighbour: Post | null) => (neighbour ? { slug: neighbour.slug, title: neighbour.title } : null);
    return { ...PostDto.from(post), previous: link(older), next: link(newer) };
  }

  async getPostById(id: number): Promise<PostDto> {
    return PostDto.from(await this.findOrFail(id));
  }

  async createPost(input: CreatePostDto, author: User): Promise<PostDto> {
    const post = this.posts.create({ authorId: author.id, published: false, featured: false, tags: [] });
    return PostDto.from(await this.apply(post, input));
  }

  async updatePost(id: number, input: UpdatePostDto): Promise<PostDto> {
    return PostDto.from(await this.apply(await this.findOrFail(id), input));
  }

  async deletePost(id: number): Promise<void> {
    if (!(await this.posts.delete(id))) throw postNotFound();
  }

  /** Regenerates the slug from the title with the slug rule (made unique if another post has it). */
  async fixPostSlug(id: number): Promise<PostDto> {
    const post = await this.findOrFail(id);
    post.slug = await this.generatedSlug(post);
    return PostDto.from(await this.posts.save(post));
  }

  /** Only a published post can be featured, and there is only ever one. */
  async setFeaturedPost(id: number): Promise<PostDto> {
    const post = await this.findOrFail(id);
    if (!post.published) throw badRequest('POST_NOT_PUBLISHED', 'Only a published post can be featured');
    post.featured = true;
    return PostDto.from(await this.posts.save(post));
  }

  private async findOrFail(id: number): Promise<Post> {
    const post = await this.posts.findById(id);
    if (!post) throw postNotFound();
    return post;
  }

  /** Applies the sent fields with the server's rules, then saves. */
  private async apply(post: Post, input: UpdatePostDto): Promise<Post> {
    if (input.title !== undefined) post.title = input.title;
    if (input.content !== undefined) {
      post.content = sanitizeContent(input.content);
      if (!post.content) throw badRequest('CONTENT_REQUIRED', 'Content is required');
      post.readTime = Math.max(1, readingTime(post.content));
    }
    if (input.excerpt !== undefined) post.excerpt = input.excerpt;
    if (!post.excerpt) post.excerpt = generateExcerpt(post.content) || null;
    if (input.featuredImage !== undefined) post.featuredImage = input.featuredImage;
    if (input.categoryId !== undefined) post.categoryId = await this.existingCategoryId(input.categoryId);
    if (input.published !== undefined) post.published = input.published;
    if (input.featured !== undefined) post.featured = input.featured;
    if (!post.published) post.featured = false;
    if (input.createdAt !== undefined) post.createdAt = new Date(input.createdAt);
    if (input.tags !== undefined) post.tags = [...new Set(input.tags)];
    if (input.metaTitle !== undefined) post.metaTitle = input.metaTitle;
    if (input.metaDescription !== undefined) post.metaDescription = input.metaDescription;
    post.slug = await this.chooseSlug(post, input.slug);
    return this.posts.save(post);
  }

  /** A slug the author typed is normalized and must be free (409); one the server makes is suffixed until free. */
  private async chooseSlug(post: Post, requested: string | null | undefined): Promise<string> {
    if (requested) {
      const slug = slugify(requested);
      if (RESERVED_SLUGS.has(slug)) throw conflict('POST_SLUG_RESERVED', `"${slug}" is a reserved address of the API`);
      if (slug !== post.slug && (await this.posts.slugTaken(slug, post.id))) {
        throw conflict('POST_SLUG_TAKEN', `The slug "${slug}" is already used by another post`);
      }
      return slug;
    }
    if (post.slug) return post.slug;
    return this.generatedSlug(post);
  }

  /** The title's slug, suffixed until it is free and not reserved. */
  private generatedSlug(post: Post): Promise<string> {
    return uniqueSlug(slugify(post.title), async (slug) => RESERVED_SLUGS.has(slug) || (await this.posts.slugTaken(slug, post.id)));
  }

  private async existingCategoryId(categoryId: number | null): Promise<number | null> {
    if (categoryId === null) return null;
    if (!(await this.categories.findById(categoryId))) throw badRequest('CATEGORY_NOT_FOUND', `Category ${categoryId} does not exist`);
    return categoryId;
  }
}

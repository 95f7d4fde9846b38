import { Injectable } from '@nestjs/common';
import { ContentTag, recordContentChange } from '../common/content-tags';
import { CategoriesService } from '../categories/categories.service';
import { isUniqueViolation } from '../common/database-errors';
import { StaleVersionError, versionConflict } from '../common/versions';
import { badRequest, conflict, notFound } from '../common/domain-error';
import { sanitizeContent } from '../common/sanitize-html';
import { generateExcerpt, LIST_DEFAULT_LIMIT, readingTime, slugify } from '@mudawwana/rules';
import { uniqueSlug } from '../common/unique-slug';
import { User } from '../users/user.entity';
import { CountPostsQuery, ListPostsQuery } from './dto/list-posts.query';
import { PostCountsDto, PostDetailDto, PostDto, PostSummaryDto } from './dto/post.dto';
import { CreatePostDto, UpdatePostDto } from './dto/save-post.dto';
import { Post } from './post.entity';
import { PostCounts } from './post-counts';
import { PostFilter, PostsRepository } from './posts.repository';

/** Parallel creates of one title each need one more try than the one before; well above any real burst. */
const MAX_SLUG_ATTEMPTS = 20;

const postNotFound = () => notFound('POST_NOT_FOUND', 'Post not found');

/** Slugs that GET /api/posts/:slug can never reach, because a fixed route of the same shape comes first. */
const RESERVED_SLUGS = new Set(['featured', 'counts']);

/** The lists of the categories a post was or is in. */
function categoryListTags(...categoryIds: (number | null | undefined)[]): string[] {
  return categoryIds.filter((id) => typeof id === 'number').map((id) => ContentTag.categoryPosts(id));
}

/** What decides whether and where a post is listed (a change here reorders or reshapes the lists). */
function listingOf(post: Post): string {
  return JSON.stringify([post.published, post.featured, post.categoryId, post.createdAt?.getTime?.(), post.slug]);
}

@Injectable()
export class PostsService {
  constructor(
    private readonly posts: PostsRepository,
    private readonly categories: CategoriesService,
    private readonly counts: PostCounts,
  ) {}

  /**
   * One page of posts, newest first (LIST_DEFAULT_LIMIT unless asked). Anonymous callers only ever see published
   * posts; the author may also ask for drafts.
   */
  async listPosts(query: ListPostsQuery, viewer: User | undefined): Promise<{ items: PostSummaryDto[]; total: number }> {
    const categoryId = await this.categoryFilter(query.category);
    if (categoryId === null) return { items: [], total: 0 };
    const filter: PostFilter = {
      published: viewer ? query.published : true,
      categoryId,
      limit: query.limit ?? LIST_DEFAULT_LIMIT,
      offset: query.offset,
    };
    const [posts, total] = await this.posts.findSummaries(filter);
    return { items: posts.map(PostSummaryDto.from), total };
  }

  /** Posts by status, in one query; anonymous callers count only what they may read (published posts). */
  async countPosts(query: CountPostsQuery, viewer: User | undefined): Promise<PostCountsDto> {
    const categoryId = await this.categoryFilter(query.category);
    if (categoryId === null) return { all: 0, published: 0, drafts: 0 };
    const { published, drafts } = await this.counts.byStatus(categoryId);
    const visibleDrafts = viewer ? drafts : 0;
    return { all: published + visibleDrafts, published, drafts: visibleDrafts };
  }

  /** The id of the category a filter names (undefined: no filter; null: no such category, so nothing matches). */
  private async categoryFilter(slug: string | undefined): Promise<number | null | undefined> {
    if (slug === undefined) return undefined;
    return this.categories.idOfSlug(slug);
  }

  /** Null while no post is featured: an ordinary state of a blog, not an error. */
  async getFeaturedPost(): Promise<PostDto | null> {
    const post = await this.posts.findFeaturedPublished();
    return post ? PostDto.from(post) : null;
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
    try {
      return PostDto.from(await this.apply(await this.findOrFail(id), input, input.version));
    } catch (error) {
      if (error instanceof StaleVersionError) throw versionConflict(await this.getPostById(id));
      throw error;
    }
  }

  async deletePost(id: number): Promise<void> {
    const post = await this.posts.findById(id);
    const neighbours = post ? await this.neighbourTags(post) : [];
    if (!(await this.posts.delete(id))) throw postNotFound();
    recordContentChange(ContentTag.post(id), ContentTag.postLists, ...neighbours, ...categoryListTags(post?.categoryId));
  }

  /** Regenerates the slug from the title with the slug rule (made unique if another post has it). */
  async fixPostSlug(id: number): Promise<PostDto> {
    const post = await this.findOrFail(id);
    recordContentChange(ContentTag.post(id), ContentTag.postLink(post.slug), ContentTag.postLists, ...(await this.neighbourTags(post)));
    post.slug = await this.generatedSlug(post);
    recordContentChange(ContentTag.postLink(post.slug));
    return PostDto.from(await this.posts.save(post));
  }

  /** Only a published post can be featured, and there is only ever one. */
  async setFeaturedPost(id: number): Promise<PostDto> {
    const post = await this.findOrFail(id);
    if (!post.published) throw badRequest('POST_NOT_PUBLISHED', 'Only a published post can be featured');
    post.featured = true;
    recordContentChange(ContentTag.post(id), ContentTag.postLists);
    return PostDto.from(await this.posts.save(post));
  }

  private async findOrFail(id: number): Promise<Post> {
    const post = await this.posts.findById(id);
    if (!post) throw postNotFound();
    return post;
  }

  /** Applies the sent fields with the server's rules, then saves. */
  private async apply(post: Post, input: UpdatePostDto, expectedVersion?: number): Promise<Post> {
    const isNew = post.id === undefined;
    const listedBefore = isNew ? null : listingOf(post);
    const linkedAs = isNew ? [] : [ContentTag.postLink(post.slug)];
    const neighboursBefore = isNew ? [] : await this.neighbourTags(post);
    const categoryBefore = post.categoryId;
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
    const saved = await this.saveWithSlug(post, input.slug, expectedVersion);
    // Its own fields show on its page and wherever it is listed; where and in which order it is listed only
    // changes with these few.
    recordContentChange(ContentTag.post(saved.id), ContentTag.postLink(saved.slug), ...linkedAs);
    if (listedBefore !== listingOf(saved)) {
      // It moved in (or out of) the lists: the posts it sat between, and those it sits between now, link to it.
      recordContentChange(
        ContentTag.postLists,
        ...categoryListTags(categoryBefore, saved.categoryId),
        ...neighboursBefore,
        ...(await this.neighbourTags(saved)),
      );
    }
    return saved;
  }

  /** The published posts just older and newer than this one (their pages link to it). */
  private async neighbourTags(post: Post): Promise<string[]> {
    if (!post.published) return [];
    const { older, newer } = await this.posts.findPublishedNeighbours(post);
    return [older, newer].filter((neighbour) => neighbour !== null).map((neighbour) => ContentTag.post(neighbour.id));
  }

  /**
   * A slug the server generates is checked free before saving, but a parallel save can take it in between
   * (PostgreSQL runs them side by side): then it is chosen again instead of answering 409 for a slug the author
   * never asked for. A slug the author typed is theirs: a clash there stays a 409.
   */
  private async saveWithSlug(post: Post, requested: string | null | undefined, expectedVersion?: number): Promise<Post> {
    const generated = !requested && !post.slug;
    for (let attempt = 1; ; attempt += 1) {
      post.slug = await this.chooseSlug(post, requested);
      try {
        return await this.posts.save(post, expectedVersion);
      } catch (error) {
        if (!generated || attempt >= MAX_SLUG_ATTEMPTS || !isUniqueViolation(error)) throw error;
        post.slug = '';
      }
    }
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
    if (!(await this.categories.exists(categoryId))) throw badRequest('CATEGORY_NOT_FOUND', `Category ${categoryId} does not exist`);
    return categoryId;
  }
}

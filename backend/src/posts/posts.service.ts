import { Injectable } from '@nestjs/common';
import { CategoriesService } from '../categories/categories.service';
import { isUniqueViolation } from '../common/database-errors';
import { DomainEvents } from '../common/domain-events';
import { preconditionFailed, StaleVersionError, staleSave, versionToClaim } from '../common/versions';
import { badRequest, conflict, notFound } from '../common/domain-error';
import { articleHtml } from '../common/article-html';
import { sanitizeContent } from '../common/sanitize-html';
import { renderFormulas } from '../common/formulas';
import {
  canonicalLanguage,
  DEFAULT_LANGUAGE,
  generateExcerpt,
  isPublicNow,
  isScheduled,
  LIST_DEFAULT_LIMIT,
  readingTime,
  slugify,
} from '@mudawwana/rules';
import { uniqueSlug } from '../common/unique-slug';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { CountPostsQuery, ListPostsQuery } from './dto/list-posts.query';
import { PostCountsDto, PostDetailDto, PostDto, PostSummaryDto } from './dto/post.dto';
import { CreatePostDto, UpdatePostDto } from './dto/save-post.dto';
import { BulkPostsDto, BulkPostsResultDto } from './dto/bulk-posts.dto';
import { Post, translationGroupOf } from './post.entity';
import { PostCounts } from './post-counts';
import { NeighbourLink, PostFilter, PostsRepository, RevisionNote, SavedPost } from './posts.repository';
import { AutosaveDto, ListRevisionsQuery, RestoreRevisionDto, RevisionDto, RevisionSummaryDto } from '../revisions/dto/revision.dto';
import { RevisionHistory } from '../revisions/revision-history';
import { RevisionsRepository } from '../revisions/revisions.repository';
import { commentsClosingToCome } from './comment-policy';

/** Parallel creates of one title each need one more try than the one before; well above any real burst. */
const MAX_SLUG_ATTEMPTS = 20;

const postNotFound = () => notFound('POST_NOT_FOUND', 'Post not found');

/** Revisions listed by one call unless asked. */

/** Slugs that GET /api/posts/:slug can never reach, because a fixed route of the same shape comes first (restore checks them too). */
export const RESERVED_SLUGS = new Set(['featured', 'counts']);

/** The language tag sent, in canonical form; a tag Intl does not take is a 400. */
function languageOf(tag: string): string {
  const language = canonicalLanguage(tag);
  if (!language) throw badRequest('LANGUAGE_INVALID', `"${tag}" is not a BCP 47 language tag`);
  return language;
}

/** The post as it is now, apart from the entity the service goes on changing (what an event says it was before). */
function snapshotOf(post: Post): Post {
  return { ...post, tags: [...post.tags] };
}

@Injectable()
export class PostsService {
  constructor(
    private readonly posts: PostsRepository,
    private readonly categories: CategoriesService,
    private readonly counts: PostCounts,
    private readonly revisions: RevisionsRepository,
    private readonly history: RevisionHistory,
    private readonly users: UsersService,
    private readonly events: DomainEvents,
  ) {}

  /**
   * One page of posts, newest first (LIST_DEFAULT_LIMIT unless asked). Anonymous callers only ever see published
   * posts whose time has come; the author may also ask for drafts and scheduled posts, and search titles.
   */
  async listPosts(query: ListPostsQuery, viewer: User | undefined): Promise<{ items: PostSummaryDto[]; total: number }> {
    const categoryId = await this.categoryFilter(query.category);
    if (categoryId === null) return { items: [], total: 0 };
    const asked = query.status ?? (query.published === undefined ? undefined : query.published ? 'published' : 'draft');
    const filter: PostFilter = {
      status: viewer ? asked : 'published',
      titleContains: viewer ? query.q : undefined,
      categoryId,
      tagSlug: query.tag,
      limit: query.limit ?? LIST_DEFAULT_LIMIT,
      offset: query.offset,
    };
    const [posts, total] = await this.posts.findSummaries(filter);
    return { items: posts.map(PostSummaryDto.from), total };
  }

  /** Posts by status, in one query; anonymous callers count only what they may read (published posts). */
  async countPosts(query: CountPostsQuery, viewer: User | undefined): Promise<PostCountsDto> {
    const categoryId = await this.categoryFilter(query.category);
    if (categoryId === null) return { all: 0, published: 0, scheduled: 0, drafts: 0 };
    if (!viewer) {
      const published = await this.counts.publicNow(categoryId);
      return { all: published, published, scheduled: 0, drafts: 0 };
    }
    const { published, scheduled, drafts } = await this.counts.byStatus(categoryId, query.q);
    return { all: published + scheduled + drafts, published, scheduled, drafts };
  }

  /** The id of the category a filter names (undefined: no filter; null: no such category, so nothing matches). */
  private async categoryFilter(slug: string | undefined): Promise<number | null | undefined> {
    if (slug === undefined) return undefined;
    return this.categories.idOfSlug(slug);
  }

  /** Null while no post is featured: an ordinary state of a blog, not an error. */
  async getFeaturedPost(): Promise<PostDto | null> {
    const post = await this.posts.findFeaturedPublic();
    return post ? PostDto.from(post) : null;
  }

  async getPostBySlug(slug: string, viewer: User | undefined): Promise<PostDetailDto> {
    const post = viewer ? await this.posts.findBySlug(slug) : await this.posts.findPublicBySlug(slug);
    if (!post) throw postNotFound();
    const [{ older, newer }, author, category, group] = await Promise.all([
      this.posts.findPublicNeighbours(post),
      this.users.getAuthor(post.authorId),
      this.categories.linkOf(post.categoryId),
      this.posts.findPublicTranslations(translationGroupOf(post)),
    ]);
    const link = (neighbour: NeighbourLink | null) => (neighbour ? { slug: neighbour.slug, title: neighbour.title } : null);
    const translations = group.filter((other) => other.id !== post.id).map(({ slug, title, language }) => ({ slug, title, language }));
    const { html, headings } = articleHtml(post.content);
    return { ...PostDto.from(post), content: html, headings, previous: link(older), next: link(newer), translations, author, category };
  }

  async getPostById(id: number): Promise<PostDto> {
    return PostDto.from(await this.findOrFail(id));
  }

  async createPost(input: CreatePostDto, author: User): Promise<PostDto> {
    // The columns' defaults, known before the save: the comments' closing time is computed from them (apply).
    const post = this.posts.create({
      authorId: author.id,
      published: false,
      featured: false,
      tags: [],
      createdAt: new Date(),
      commentsOpen: true,
      commentsCloseAfterDays: null,
      language: DEFAULT_LANGUAGE,
      translationOfId: null,
    });
    return PostDto.from(await this.apply(post, input, undefined, author));
  }

  /** `ifMatch`: the request's If-Match header, if any (412 when it does not name the post as it is now). */
  async updatePost(id: number, input: UpdatePostDto, author: User, ifMatch?: string): Promise<PostDto> {
    return this.savingVersion(id, { version: input.version, ifMatch }, (post, expected) => this.apply(post, input, expected, author));
  }

  /**
   * A save based on a version (the `version` field, or the ETag in If-Match): answers 409 (412 for If-Match) with the
   * post as it is now when it was saved since.
   */
  private async savingVersion(
    id: number,
    basedOn: { version?: number; ifMatch?: string },
    save: (post: Post, expectedVersion: number | undefined) => Promise<Post>,
  ): Promise<PostDto> {
    const post = await this.findOrFail(id);
    const expected = versionToClaim(post, PostDto.from(post), basedOn);
    try {
      return PostDto.from(await save(post, expected));
    } catch (error) {
      if (error instanceof StaleVersionError) throw staleSave(await this.getPostById(id), basedOn);
      throw error;
    }
  }

  /** Keeps what the editor has on screen as an autosave revision; the post (and what readers see) stays as it is. */
  async autosavePost(id: number, input: AutosaveDto, author: User): Promise<RevisionSummaryDto> {
    const post = await this.findOrFail(id);
    const fields = {
      title: input.title ?? post.title,
      content: input.content === undefined ? post.content : sanitizeContent(renderFormulas(input.content)),
      excerpt: input.excerpt === undefined ? post.excerpt : input.excerpt,
      metaTitle: input.metaTitle === undefined ? post.metaTitle : input.metaTitle,
      metaDescription: input.metaDescription === undefined ? post.metaDescription : input.metaDescription,
    };
    return RevisionSummaryDto.from(await this.revisions.autosave({ postId: id }, fields, author.id));
  }

  async listPostRevisions(id: number, query: ListRevisionsQuery): Promise<RevisionSummaryDto[]> {
    await this.findOrFail(id);
    return this.history.list({ postId: id }, query);
  }

  async getPostRevision(id: number, revisionId: number): Promise<RevisionDto> {
    await this.findOrFail(id);
    return this.history.get({ postId: id }, revisionId);
  }

  /** Puts a revision's text back as a new save (kept as a 'restore' revision; no revision is ever deleted by it). */
  async restorePostRevision(id: number, revisionId: number, input: RestoreRevisionDto, author: User): Promise<PostDto> {
    const revision = await this.getPostRevision(id, revisionId);
    const restored: UpdatePostDto = {
      title: revision.title,
      content: revision.content,
      excerpt: revision.excerpt,
      metaTitle: revision.metaTitle,
      metaDescription: revision.metaDescription,
    };
    return this.savingVersion(id, { version: input.version }, (post, expected) => this.apply(post, restored, expected, author, 'restore'));
  }

  /** `ifMatch`: the request's If-Match header, if any (412 when it does not name the post as it is now). */
  async deletePost(id: number, ifMatch?: string): Promise<void> {
    const post = await this.findOrFail(id);
    const expected = versionToClaim(post, PostDto.from(post), { ifMatch });
    if (!(await this.posts.delete(id, expected))) {
      // Saved since the If-Match check (412), or deleted by someone else (404).
      const current = await this.posts.findById(id);
      throw current ? preconditionFailed(PostDto.from(current)) : postNotFound();
    }
    await this.events.emit('post.deleted', { post });
  }

  /**
   * One action on many posts, all or nothing (404 when one of them does not exist, and then nothing changes). Says
   * which posts it changed, as they were before (none when every post was in that state already).
   */
  async bulkChangePosts(input: BulkPostsDto, author: User): Promise<BulkPostsResultDto> {
    const changed = await this.posts.bulkChange(input.ids, input.action, author.id);
    if (!changed) throw postNotFound();
    await this.events.emit('posts.bulkChanged', { action: input.action, before: changed });
    return { action: input.action, changed: changed.map((post) => post.id) };
  }

  /** Regenerates the slug from the title with the slug rule (made unique if another post has it). */
  async fixPostSlug(id: number): Promise<PostDto> {
    const post = await this.findOrFail(id);
    const before = snapshotOf(post);
    post.slug = await this.generatedSlug(post);
    const { saved } = await this.posts.save(post);
    await this.events.emit('post.slugRegenerated', { before, after: saved });
    return PostDto.from(saved);
  }

  /** Only a published post can be featured, and there is only ever one. */
  async setFeaturedPost(id: number): Promise<PostDto> {
    const post = await this.findOrFail(id);
    if (!isPublicNow(post)) throw badRequest('POST_NOT_PUBLISHED', 'Only a published post can be featured');
    post.featured = true;
    const { saved, unfeatured } = await this.posts.save(post);
    await this.events.emit('post.featured', { post: saved, unfeatured });
    return PostDto.from(saved);
  }

  private async findOrFail(id: number): Promise<Post> {
    const post = await this.posts.findById(id);
    if (!post) throw postNotFound();
    return post;
  }

  /** Applies the sent fields with the server's rules, then saves, keeping a revision of what was saved. */
  private async apply(
    post: Post,
    input: UpdatePostDto,
    expectedVersion: number | undefined,
    author: User,
    kind?: 'restore',
  ): Promise<Post> {
    const before = post.id === undefined ? null : snapshotOf(post);
    if (input.title !== undefined) post.title = input.title;
    if (input.content !== undefined) {
      post.content = sanitizeContent(renderFormulas(input.content));
      if (!post.content) throw badRequest('CONTENT_REQUIRED', 'Content is required');
      post.readTime = Math.max(1, readingTime(post.content));
    }
    if (input.excerpt !== undefined) post.excerpt = input.excerpt;
    if (!post.excerpt) post.excerpt = generateExcerpt(post.content) || null;
    if (input.featuredImage !== undefined) post.featuredImage = input.featuredImage;
    if (input.categoryId !== undefined) post.categoryId = await this.existingCategoryId(input.categoryId);
    if (input.language !== undefined) post.language = languageOf(input.language);
    if (input.translationOfId !== undefined) post.translationOfId = await this.originalToTranslate(post, input.translationOfId);
    if (input.createdAt !== undefined) post.createdAt = new Date(input.createdAt);
    this.applySchedule(post, input);
    if (input.featured !== undefined) post.featured = input.featured;
    if (!isPublicNow(post)) post.featured = false;
    if (input.tags !== undefined) post.tags = [...new Set(input.tags)];
    if (input.metaTitle !== undefined) post.metaTitle = input.metaTitle;
    if (input.metaDescription !== undefined) post.metaDescription = input.metaDescription;
    if (input.commentsOpen !== undefined) post.commentsOpen = input.commentsOpen;
    if (input.commentsCloseAfterDays !== undefined) post.commentsCloseAfterDays = input.commentsCloseAfterDays;
    post.commentsCloseAt = commentsClosingToCome(post);
    const revision: RevisionNote = { kind: kind ?? (post.published && !before?.published ? 'publish' : 'save'), authorId: author.id };
    const { saved, unfeatured } = await this.saveWithSlug(post, input.slug, expectedVersion, revision);
    await this.events.emit('post.saved', { before, after: saved, unfeatured });
    return saved;
  }

  /**
   * `publishAt` and `published` together: a published post with a time to come is scheduled (its publication date
   * becomes that time, and it cannot be featured before it is out); a time already past means published now;
   * clearing the time of a scheduled post (without saying `published`) returns it to draft.
   */
  private applySchedule(post: Post, input: UpdatePostDto): void {
    const now = new Date();
    const wasScheduled = isScheduled(post, now);
    if (input.published !== undefined) post.published = input.published;
    if (input.publishAt !== undefined) {
      post.publishAt = input.publishAt === null ? null : new Date(input.publishAt);
      if (input.publishAt === null && wasScheduled && input.published === undefined) post.published = false;
    }
    if (!isScheduled(post, now)) post.publishAt = null;
    if (post.publishAt) post.createdAt = post.publishAt;
  }

  /**
   * The scheduler's half of publishing: the scheduled posts whose time has come, each claimed by one instance only
   * (whichever gets there first). Returns the posts this call claimed, as they are now (out of the schedule).
   */
  async claimDuePublications(): Promise<Post[]> {
    const claimed: Post[] = [];
    for (const post of await this.posts.findDueScheduled()) {
      if (!(await this.posts.claimDueScheduled(post.id))) continue;
      claimed.push({ ...post, publishAt: null });
    }
    return claimed;
  }

  /** The scheduler's other half: the posts whose comments have closed by time, each claimed by one instance only. */
  async claimDueCommentClosings(): Promise<Post[]> {
    const claimed: Post[] = [];
    for (const post of await this.posts.findDueCommentClosings()) {
      if (await this.posts.claimDueCommentClosing(post.id)) claimed.push({ ...post, commentsCloseAt: null });
    }
    return claimed;
  }

  /**
   * A slug the server generates is checked free before saving, but a parallel save can take it in between
   * (PostgreSQL runs them side by side): then it is chosen again instead of answering 409 for a slug the author
   * never asked for. A slug the author typed is theirs: a clash there stays a 409.
   */
  private async saveWithSlug(
    post: Post,
    requested: string | null | undefined,
    expectedVersion: number | undefined,
    revision: RevisionNote,
  ): Promise<SavedPost> {
    const generated = !requested && !post.slug;
    for (let attempt = 1; ; attempt += 1) {
      post.slug = await this.chooseSlug(post, requested);
      try {
        return await this.posts.save(post, expectedVersion, revision);
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

  /**
   * The post a translation names: it exists, is not the post itself, and is an original (translations hang from one
   * original, so a group is found in one look); a post others translate cannot become a translation itself.
   */
  private async originalToTranslate(post: Post, originalId: number | null): Promise<number | null> {
    if (originalId === null) return null;
    if (originalId === post.id) throw badRequest('TRANSLATION_OF_ITSELF', 'A post cannot be a translation of itself');
    const original = await this.posts.findById(originalId);
    if (!original) throw badRequest('TRANSLATION_NOT_FOUND', `Post ${originalId} does not exist`);
    if (original.translationOfId !== null) {
      throw badRequest(
        'TRANSLATION_OF_TRANSLATION',
        `Post ${originalId} is itself a translation: name its original (${original.translationOfId})`,
      );
    }
    if (post.id !== undefined && (await this.posts.hasTranslations(post.id))) {
      throw badRequest('TRANSLATION_HAS_TRANSLATIONS', 'Other posts are translations of this one: it cannot become a translation');
    }
    // Backups restore posts in id order, each reference to a post already restored: the original is the older post
    // (readers see no difference: both name each other either way).
    if (post.id !== undefined && originalId > post.id) {
      throw badRequest('TRANSLATION_OF_NEWER', `Post ${originalId} is newer than this one: make it a translation of this post instead`);
    }
    return originalId;
  }

  private async existingCategoryId(categoryId: number | null): Promise<number | null> {
    if (categoryId === null) return null;
    if (!(await this.categories.exists(categoryId))) throw badRequest('CATEGORY_NOT_FOUND', `Category ${categoryId} does not exist`);
    return categoryId;
  }
}

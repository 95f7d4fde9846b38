import { Injectable } from '@nestjs/common';
import {
  BLOG_NAME,
  BLOG_TAGLINE,
  commentsOpenNow,
  pageSlugify,
  publicationStatus,
  tagSlug,
  type PublicationStatus,
} from '@mudawwana/rules';
import { CategoriesService } from '../categories/categories.service';
import { absolute, encodePath, PublicOrigin } from '../common/public-origin';
import { rewriteContentUrls } from '../common/content-urls';
import { escapeHtml } from '../newsletter/newsletter-mails';
import type { Page } from '../pages/page.entity';
import { commentPolicyOf } from '../posts/comment-policy';
import { TagsService } from '../tags/tags.service';
import type { User } from '../users/user.entity';
import { ExportRepository, type ExportedComment, type ExportedPost, type LastIds } from './export.repository';
import { wordpressSlug, WXR_TAIL, wxrHead, wxrItem, type WxrItem, type WxrItemTerm, type WxrStatus } from './wxr';

export interface WxrExport {
  fileName: string;
  /** The file, a part at a time (the head, then an item or a few), read from the database as it is asked for. */
  body: AsyncGenerator<string>;
}

const WORDPRESS_STATUS: Record<PublicationStatus, WxrStatus> = { published: 'publish', scheduled: 'future', draft: 'draft' };

/** What one export keeps while it runs: its origin, its author, the terms and the attachments written so far. */
interface ExportRun {
  origin: string;
  author: User;
  categories: Map<number, WxrItemTerm>;
  /** Each image already written as an attachment (by absolute URL) and its wp:post_id: one attachment per image. */
  attachments: Map<string, number>;
  nextAttachmentId: number;
}

/** A post's or page's HTML with its addresses absolute, and the attachments it needs (each new one written before it). */
interface DocumentImages {
  content: string;
  /** The attachment items this document brings into the file. */
  attachmentItems: string;
  thumbnailId: number | null;
}

/**
 * The whole blog as a WordPress export file (WXR 1.2, export/wxr.ts): every post (drafts and scheduled ones with
 * their status), every page, the categories and tags, the approved comments, and each image as an attachment whose
 * URL WordPress's importer downloads. Written as it is read: a batch of posts at a time, never the blog in memory.
 */
@Injectable()
export class ExportService {
  constructor(
    private readonly exports: ExportRepository,
    private readonly categories: CategoriesService,
    private readonly tags: TagsService,
    private readonly origin: PublicOrigin,
  ) {}

  /**
   * Ids in the file. WordPress keeps posts, pages and attachments in one table, so their wp:post_id must not meet:
   * a post keeps its own id, a page comes after the largest post id (that id plus its own), and attachments after
   * both, numbered in the order they appear. Categories keep their ids as wp:term_id, and tags come after the largest
   * category id (WordPress's terms are one table too). The largest ids are read when the export starts, and the export
   * stops there: a post written while it runs cannot take an id the file gave to a page or an attachment.
   *
   * The file's name and its text. The head's reads (terms, the largest ids) happen here, before anything is sent, so
   * that a database that fails then gets the usual error answer; the items are read while the file is sent.
   */
  async wxr(author: User): Promise<WxrExport> {
    const exportedAt = new Date();
    const origin = this.origin.get().replace(/\/+$/, '');
    const [categories, tags, lastIds] = await Promise.all([
      this.categories.listCategories(),
      this.tags.listTags({ includeDrafts: true }, author),
      this.exports.lastIds(),
    ]);
    const categoryTerms = categories.map((category) => ({ termId: category.id, slug: wordpressSlug(category.slug), name: category.name }));
    const firstTagId = Math.max(0, ...categories.map((category) => category.id)) + 1;
    const tagTerms = tags.map((tag, index) => ({ termId: firstTagId + index, slug: wordpressSlug(tag.slug), name: tag.name }));
    const head = wxrHead(
      { title: BLOG_NAME, description: BLOG_TAGLINE, language: 'ar', baseUrl: origin, exportedAt },
      { id: author.id, login: author.username, email: author.email, displayName: author.name || author.username },
      categoryTerms,
      tagTerms,
    );
    const run: ExportRun = {
      origin,
      author,
      categories: new Map(categoryTerms.map((term) => [term.termId, { domain: 'category', slug: term.slug, name: term.name }])),
      attachments: new Map(),
      nextAttachmentId: lastIds.post + lastIds.page + 1,
    };
    return {
      fileName: `mudawwana-${exportedAt.toISOString().slice(0, 10)}.xml`,
      body: this.items(head, run, lastIds),
    };
  }

  private async *items(head: string, run: ExportRun, lastIds: LastIds): AsyncGenerator<string> {
    yield head;
    for await (const posts of this.exports.postBatches(lastIds.post)) {
      const comments = await this.exports.approvedComments(posts.map((post) => post.id));
      for (const post of posts) yield this.postItems(run, post, comments.get(post.id) ?? []);
    }
    for await (const pages of this.exports.pageBatches(lastIds.page)) {
      for (const page of pages) yield this.pageItems(run, page, lastIds.post + page.id);
    }
    yield WXR_TAIL;
  }

  /** A post's item, after the attachments of the images it brings. */
  private postItems(run: ExportRun, post: ExportedPost, comments: ExportedComment[]): string {
    const { content, attachmentItems, thumbnailId } = this.withImages(run, post.id, post.createdAt, post.content, post.featuredImage);
    const link = absolute(run.origin, encodePath(`/post/${post.slug}`));
    const category = post.categoryId === null ? undefined : run.categories.get(post.categoryId);
    const tags: WxrItemTerm[] = post.tags.map((name) => ({ domain: 'post_tag', slug: wordpressSlug(tagSlug(name)), name }));
    return (
      attachmentItems +
      wxrItem({
        ...this.common(run, post.title, link, post.createdAt),
        id: post.id,
        content,
        excerpt: post.excerpt ?? '',
        modified: post.updatedAt,
        // The post's own choice (closed, or closed by time since); the site-wide switch is this blog's, not the post's.
        commentStatus: commentsOpenNow({ enabled: true }, commentPolicyOf(post)) ? 'open' : 'closed',
        name: wordpressSlug(post.slug),
        status: WORDPRESS_STATUS[publicationStatus(post)],
        type: 'post',
        sticky: post.featured,
        terms: [...(category ? [category] : []), ...tags],
        meta: thumbnailId === null ? [] : [{ key: '_thumbnail_id', value: String(thumbnailId) }],
        comments: this.comments(run, comments),
      })
    );
  }

  /** A page's item (wp:post_id `id`), after the attachments of the images it brings. */
  private pageItems(run: ExportRun, page: Page, id: number): string {
    const { content, attachmentItems } = this.withImages(run, id, page.updatedAt, page.content, null);
    const link = absolute(run.origin, encodePath(`/${page.slug}`));
    return (
      attachmentItems +
      wxrItem({
        ...this.common(run, page.title, link, page.updatedAt),
        id,
        content,
        excerpt: '',
        modified: page.updatedAt,
        commentStatus: 'closed',
        name: wordpressSlug(page.slug),
        status: 'publish',
        type: 'page',
        sticky: false,
        terms: [],
        meta: [],
        comments: [],
      })
    );
  }

  /** The fields every item has alike: its address (also its guid), date, author, and no parent. */
  private common(run: ExportRun, title: string, link: string, date: Date) {
    return { title, link, guid: link, date, creator: run.author.username, parent: 0 };
  }

  /**
   * The document's HTML with every root-relative address made absolute on the blog's origin (links too: on another
   * platform, `/post/x` would be looked for there), and an attachment for the featured image and each image uploaded
   * to this blog (`/uploads/…`): WordPress's importer downloads attachments, and puts its own URL in place of theirs
   * in the content. Images from elsewhere stay where they are, as on this blog. An image already written as an
   * attachment (by another post) is not written again.
   */
  private withImages(run: ExportRun, id: number, date: Date, html: string, featuredImage: string | null): DocumentImages {
    const absoluteUrl = (url: string) => (/^\/(?!\/)/.test(url) ? absolute(run.origin, url) : url);
    const uploads = `${run.origin}/uploads/`;
    const featured = featuredImage ? absoluteUrl(featuredImage) : null;
    const images = new Set(featured ? [featured] : []);
    const content = rewriteContentUrls(html, (url, tag) => {
      const full = absoluteUrl(url);
      if (tag === 'img' && full.startsWith(uploads)) images.add(full);
      return full;
    });
    let attachmentItems = '';
    for (const url of images) {
      if (run.attachments.has(url)) continue;
      const attachmentId = run.nextAttachmentId++;
      run.attachments.set(url, attachmentId);
      attachmentItems += this.attachmentItem(run, attachmentId, url, id, date);
    }
    return { content, attachmentItems, thumbnailId: featured ? (run.attachments.get(featured) ?? null) : null };
  }

  /** An image as WordPress's media library holds it: named after its file, dated and owned by the post that shows it. */
  private attachmentItem(run: ExportRun, id: number, url: string, parent: number, date: Date): string {
    const title = (url.split(/[?#]/)[0].split('/').pop() ?? '').replace(/\.[^.]*$/, '');
    return wxrItem({
      ...this.common(run, title, url, date),
      id,
      content: '',
      excerpt: '',
      modified: date,
      commentStatus: 'closed',
      name: wordpressSlug(pageSlugify(title)),
      status: 'inherit',
      parent,
      type: 'attachment',
      sticky: false,
      attachmentUrl: url,
      terms: [],
      meta: [],
      comments: [],
    });
  }

  /**
   * Approved comments as WordPress stores them: the text as HTML (escaped: a reader's `<` is text), a reply under its
   * comment when that one is exported too, and the author's own replies as the author's (wp:author_id).
   */
  private comments(run: ExportRun, comments: ExportedComment[]): WxrItem['comments'] {
    const exported = new Set(comments.map((comment) => comment.id));
    return comments.map((comment) => ({
      id: comment.id,
      author: comment.authorName,
      authorEmail: comment.authorEmail ?? (comment.byAuthor ? run.author.email : ''),
      date: comment.createdAt,
      content: escapeHtml(comment.content),
      parent: comment.parentId !== null && exported.has(comment.parentId) ? comment.parentId : 0,
      userId: comment.byAuthor ? run.author.id : 0,
    }));
  }
}

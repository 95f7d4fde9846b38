import { generateExcerpt, shareImagePath, tagSlug } from '@mudawwana/rules';
import type { Article } from '@fedify/vocab';
import { absolute, encodePath } from '../common/public-origin';
import { mailContentHtml } from '../newsletter/mail-content';
import type { Post } from '../posts/post.entity';
import { temporal, vocab } from './fedify-modules';

/** Where the blog's documents are, for the objects that name them. */
export interface ArticleAddresses {
  origin: string;
  actor: URL;
  followers: URL;
  article: (postId: number) => URL;
}

/** A post's page on the blog. */
export function postUrl(origin: string, slug: string): string {
  return absolute(origin, encodePath(`/post/${slug}`));
}

/**
 * A published post as ActivityPub sees it: an Article with its title, summary, page URL, HTML content (addresses
 * absolute, footnotes linking to the page, formulas as TeX, as in the newsletter: Mastodon shows no MathML), the same
 * content keyed by the post's language, its tags as hashtags and its share image. Public, and copied to the followers.
 */
export function articleOf(post: Post, to: ArticleAddresses): Article {
  const { Article, Hashtag, Image, LanguageString, PUBLIC_COLLECTION } = vocab();
  const { Temporal } = temporal();
  const url = postUrl(to.origin, post.slug);
  const content = mailContentHtml(post.content, url, (path) => absolute(to.origin, path));
  const published = post.publishAt && post.publishAt > post.createdAt ? post.publishAt : post.createdAt;
  return new Article({
    id: to.article(post.id),
    attribution: to.actor,
    name: post.title,
    summary: post.excerpt?.trim() || generateExcerpt(post.content),
    // The plain value (content) and the one keyed by the post's language (contentMap).
    contents: [content, new LanguageString(content, post.language)],
    url: new URL(url),
    published: Temporal.Instant.fromEpochMilliseconds(published.getTime()),
    updated: Temporal.Instant.fromEpochMilliseconds(post.updatedAt.getTime()),
    to: PUBLIC_COLLECTION,
    cc: to.followers,
    tags: post.tags.map(
      (tag) =>
        new Hashtag({
          name: `#${tag.replace(/\s+/g, '_')}`,
          href: new URL(absolute(to.origin, `/tag/${encodeURIComponent(tagSlug(tag))}`)),
        }),
    ),
    image: new Image({ url: new URL(absolute(to.origin, shareImagePath({ kind: 'post', slug: post.slug }))), mediaType: 'image/png' }),
  });
}

/**
 * Whether two versions of a post look the same to followers (everything articleOf sends but the update time): a save
 * that changes none of it (the featured flag, comment settings, a save with no change) sends no Update to every server.
 */
export function sameForFollowers(one: Post, other: Post): boolean {
  const shown = (post: Post) =>
    JSON.stringify([
      post.title,
      post.excerpt,
      post.content,
      post.slug,
      post.language,
      post.featuredImage,
      post.tags,
      post.createdAt,
      post.publishAt,
    ]);
  return shown(one) === shown(other);
}

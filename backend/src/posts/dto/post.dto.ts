import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CategoryLinkDto } from '../../categories/dto/category.dto';
import { AuthorDto } from '../../users/dto/user.dto';
import { DEFAULT_LANGUAGE, languageDirection, type TextDirection } from '@mudawwana/rules';
import { Post } from '../post.entity';

/** A post in a list: everything a card or a dashboard row needs, without the content. */
export class PostSummaryDto {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty() slug: string;
  @ApiProperty({ type: String, nullable: true }) excerpt: string | null;
  @ApiProperty({ type: String, nullable: true }) featuredImage: string | null;
  @ApiProperty({ type: Number, nullable: true }) categoryId: number | null;
  @ApiProperty({ type: Number, nullable: true }) authorId: number | null;
  @ApiProperty() published: boolean;
  @ApiProperty() featured: boolean;
  @ApiProperty({ description: 'A canonical BCP 47 tag (ar unless the author chose another)', example: 'ar' }) language: string;
  @ApiProperty({ enum: ['rtl', 'ltr'], enumName: 'TextDirection', description: 'The direction its language is written in' })
  direction: TextDirection;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Set while the post is scheduled: published, and public from this time on',
  })
  publishAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Minutes to read' }) readTime: number | null;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty({ description: 'Approved comments' }) commentCount: number;

  static from(post: Post): PostSummaryDto {
    return {
      id: post.id,
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      featuredImage: post.featuredImage,
      categoryId: post.categoryId,
      authorId: post.authorId,
      published: post.published,
      featured: post.featured,
      language: post.language ?? DEFAULT_LANGUAGE,
      direction: languageDirection(post.language),
      publishAt: post.publishAt ? post.publishAt.toISOString() : null,
      createdAt: post.createdAt.toISOString(),
      updatedAt: post.updatedAt.toISOString(),
      readTime: post.readTime,
      tags: post.tags ?? [],
      commentCount: post.commentCount ?? 0,
    };
  }
}

export class PostDto extends PostSummaryDto {
  @ApiProperty({ description: 'Sanitized HTML' }) content: string;
  @ApiProperty({ type: String, nullable: true }) metaTitle: string | null;
  @ApiProperty({ type: String, nullable: true }) metaDescription: string | null;
  @ApiProperty({ description: 'Raised by every save; send it back with an update to be told of edits made in between' })
  version: number;
  @ApiProperty({ type: Number, nullable: true, description: 'The post this one translates (null: none)' })
  translationOfId: number | null;
  @ApiProperty({ description: "The post's own choice (the comment settings' switch comes first)" }) commentsOpen: boolean;
  @ApiProperty({ type: Number, nullable: true, description: 'Comments close this many days after publication; null: never' })
  commentsCloseAfterDays: number | null;

  static from(post: Post): PostDto {
    return {
      ...PostSummaryDto.from(post),
      content: post.content,
      metaTitle: post.metaTitle,
      metaDescription: post.metaDescription,
      version: post.version,
      translationOfId: post.translationOfId ?? null,
      commentsOpen: post.commentsOpen ?? true,
      commentsCloseAfterDays: post.commentsCloseAfterDays ?? null,
    };
  }
}

export class PostLinkDto {
  @ApiProperty() slug: string;
  @ApiProperty() title: string;
}

/** Another public version of a post in another language: a hreflang alternate. */
export class PostTranslationDto {
  @ApiProperty() slug: string;
  @ApiProperty() title: string;
  @ApiProperty({ description: 'A canonical BCP 47 tag' }) language: string;
}

/** A heading of a post that readers can link to (an h2, h3 or h4): an entry of its table of contents. */
export class PostHeadingDto {
  @ApiProperty({ description: '2, 3 or 4', minimum: 2, maximum: 4 }) level: number;
  @ApiProperty({ description: "The heading's id in `content`, made from its text (`#مقدمة-سريعة`)" }) id: string;
  @ApiProperty() text: string;
}

/**
 * A post for reading, with its neighbours among published posts by creation date. Its `content` is prepared for
 * reading: headings carry ids and a link to themselves, code blocks are highlighted.
 */
export class PostDetailDto extends PostDto {
  @ApiProperty({ type: [PostHeadingDto], description: 'The h2–h4 headings of the content in order, with their ids' })
  headings: PostHeadingDto[];

  @ApiPropertyOptional({ type: PostLinkDto, nullable: true, description: 'The next older published post' })
  previous: PostLinkDto | null;

  @ApiPropertyOptional({ type: PostLinkDto, nullable: true, description: 'The next newer published post' })
  next: PostLinkDto | null;

  @ApiProperty({
    type: [PostTranslationDto],
    description: 'Its public translations: the original it translates and the other translations of that original',
  })
  translations: PostTranslationDto[];

  @ApiProperty({ type: AuthorDto, nullable: true, description: 'The byline: public fields of the author (null: no author)' })
  author: AuthorDto | null;

  @ApiProperty({
    type: CategoryLinkDto,
    nullable: true,
    description: "Its category's name and slug, for the badge (null: uncategorised); the page needs no list of categories",
  })
  category: CategoryLinkDto | null;
}

/** How many posts there are, by status: the dashboard's tab counts and the total behind a paginated list. */
export class PostCountsDto {
  @ApiProperty({ description: 'Every post the caller may see (anonymous callers: the published ones)' }) all: number;
  @ApiProperty({ description: 'Published and out (not scheduled for later)' }) published: number;
  @ApiProperty({ description: 'Published with a publishAt still to come (always 0 for anonymous callers)' }) scheduled: number;
  @ApiProperty({ description: 'Drafts (always 0 for anonymous callers)' }) drafts: number;
}

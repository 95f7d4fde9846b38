import { canonicalLanguage, DEFAULT_LANGUAGE, documentTitle, readingTime } from '@mudawwana/rules';

/** Author id sent on creation (SPEC §3, §9); the server uses the session user anyway. */
export const AUTHOR_ID = 1;

/** What the post editor form holds: every field as the user typed it. */
export interface PostFormValues {
  title: string;
  slug: string;
  /** '' for no category, otherwise the category id as text (a select's value). */
  categoryId: string;
  /** Comma separated. */
  tags: string;
  /** ISO date-time or ''. */
  createdAt: string;
  featuredImage: string;
  excerpt: string;
  content: string;
  metaTitle: string;
  metaDescription: string;
  /** A BCP 47 tag as typed ('ar' for a new post). */
  language: string;
  /** '' when it translates no post, otherwise the original's id as text (a select's value). */
  translationOfId: string;
}

export const emptyPostForm: PostFormValues = {
  title: '',
  slug: '',
  categoryId: '',
  tags: '',
  createdAt: '',
  featuredImage: '',
  excerpt: '',
  content: '',
  metaTitle: '',
  metaDescription: '',
  language: DEFAULT_LANGUAGE,
  translationOfId: '',
};

/** The body sent to POST /api/posts and PUT /api/posts/{id}. */
export interface PostPayload {
  title: string;
  content: string;
  slug?: string;
  excerpt?: string;
  featuredImage?: string;
  categoryId?: number;
  authorId: number;
  published: boolean;
  createdAt?: string;
  readTime: number;
  tags?: string[];
  metaTitle: string;
  metaDescription?: string;
  language: string;
  translationOfId: number | null;
}

/** Tags: split on commas, trimmed, empties dropped (SPEC §5). */
export function parseTags(text: string): string[] {
  return text
    .split(/[,،]/)
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

function optional(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : undefined;
}

/** Shapes the editor form into the API body following SPEC §5. */
export function buildPostPayload(values: PostFormValues, published: boolean): PostPayload {
  const title = values.title.trim();
  const payload: PostPayload = {
    title,
    content: values.content,
    authorId: AUTHOR_ID,
    published,
    readTime: Math.max(1, readingTime(values.content)),
    // A blank meta title is the title with the blog name (SPEC §5), as the browser tab shows it.
    metaTitle: optional(values.metaTitle) ?? documentTitle(title),
    // canonical when it is a tag; as typed otherwise, for the server to refuse with its message
    language: canonicalLanguage(values.language) ?? (optional(values.language) || DEFAULT_LANGUAGE),
    translationOfId: Number.parseInt(values.translationOfId, 10) || null,
  };
  const slug = optional(values.slug);
  if (slug) payload.slug = slug;
  const excerpt = optional(values.excerpt);
  if (excerpt) payload.excerpt = excerpt;
  const featuredImage = optional(values.featuredImage);
  if (featuredImage) payload.featuredImage = featuredImage;
  const categoryId = Number.parseInt(values.categoryId, 10);
  if (Number.isInteger(categoryId) && categoryId > 0) payload.categoryId = categoryId;
  const createdAt = optional(values.createdAt);
  if (createdAt && !Number.isNaN(Date.parse(createdAt))) payload.createdAt = new Date(createdAt).toISOString();
  const tags = parseTags(values.tags);
  if (tags.length > 0) payload.tags = tags;
  const metaDescription = optional(values.metaDescription);
  if (metaDescription) payload.metaDescription = metaDescription;
  return payload;
}

/** Post as returned by GET /api/posts/id/{id}, reduced to what the form needs. */
export interface EditablePost {
  title: string;
  slug: string;
  content: string;
  excerpt?: string | null;
  featuredImage?: string | null;
  categoryId?: number | null;
  tags?: string[] | null;
  createdAt?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
  language?: string;
  translationOfId?: number | null;
}

/** The form values for an existing post. */
export function postToForm(post: EditablePost): PostFormValues {
  return {
    title: post.title ?? '',
    slug: post.slug ?? '',
    categoryId: post.categoryId != null ? String(post.categoryId) : '',
    tags: (post.tags ?? []).join(', '),
    createdAt: post.createdAt ?? '',
    featuredImage: post.featuredImage ?? '',
    excerpt: post.excerpt ?? '',
    content: post.content ?? '',
    metaTitle: post.metaTitle ?? '',
    metaDescription: post.metaDescription ?? '',
    language: post.language ?? DEFAULT_LANGUAGE,
    translationOfId: post.translationOfId != null ? String(post.translationOfId) : '',
  };
}

/** True when two forms differ in any field (used for the unsaved-changes guard). */
export function formsDiffer(a: PostFormValues, b: PostFormValues): boolean {
  return (Object.keys(a) as (keyof PostFormValues)[]).some((key) => a[key] !== b[key]);
}

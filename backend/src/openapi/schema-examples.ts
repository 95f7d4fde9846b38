/**
 * One realistic example per main schema, shown by Swagger UI and other OpenAPI tools. Whole objects rather than
 * per-property examples, so each reads as one coherent post, page or error. The OpenAPI test checks every example
 * against its schema (every required property, no unknown one), so they cannot drift from the DTOs.
 */
const CREATED_AT = '2026-11-21T20:34:00.000Z';
const UPDATED_AT = '2026-11-22T09:15:00.000Z';
const CONTENT = '<h2>مقدمة</h2><p>React مكتبة لبناء واجهات المستخدم، وهذا المقال يشرح أساسياتها.</p>';

const POST_SUMMARY = {
  id: 42,
  title: 'مدخل إلى React Hooks',
  slug: 'مدخل-إلى-react-hooks',
  excerpt: 'React مكتبة لبناء واجهات المستخدم، وهذا المقال يشرح أساسياتها.',
  featuredImage: '/uploads/9f1c2a7b.webp',
  categoryId: 3,
  authorId: 1,
  published: true,
  featured: false,
  language: 'ar',
  direction: 'rtl',
  publishAt: null,
  createdAt: CREATED_AT,
  updatedAt: UPDATED_AT,
  readTime: 4,
  tags: ['react', 'javascript'],
  commentCount: 2,
};

const POST = {
  ...POST_SUMMARY,
  content: CONTENT,
  metaTitle: null,
  metaDescription: null,
  version: 3,
  translationOfId: null,
  commentsOpen: true,
  commentsCloseAfterDays: null,
};

const POST_INPUT = {
  title: 'مدخل إلى React Hooks',
  content: CONTENT,
  categoryId: 3,
  tags: ['react', 'javascript'],
  featuredImage: '/uploads/9f1c2a7b.webp',
  published: false,
};

export const SCHEMA_EXAMPLES: Record<string, object> = {
  PostSummaryDto: POST_SUMMARY,
  PostDto: POST,
  PostDetailDto: {
    ...POST,
    content:
      '<div class="heading-anchor"><h2 id="مقدمة">مقدمة</h2><a class="heading-link" href="#مقدمة" aria-label="رابط القسم: مقدمة">#</a></div><p>React مكتبة لبناء واجهات المستخدم، وهذا المقال يشرح أساسياتها.</p>',
    headings: [{ level: 2, id: 'مقدمة', text: 'مقدمة' }],
    previous: { slug: 'أساسيات-جافاسكربت', title: 'أساسيات جافاسكربت' },
    next: null,
    translations: [{ slug: 'react-hooks-intro', title: 'An introduction to React Hooks', language: 'en' }],
    author: { name: 'كاتب المدونة', avatarUrl: null },
    category: { id: 3, name: 'برمجة', slug: 'برمجة' },
  },
  PostHeadingDto: { level: 2, id: 'مقدمة', text: 'مقدمة' },
  AuthorDto: { name: 'كاتب المدونة', avatarUrl: null },
  CreatePostDto: POST_INPUT,
  UpdatePostDto: { ...POST_INPUT, published: true, version: 3 },
  PostCountsDto: { all: 57, published: 48, scheduled: 2, drafts: 7 },
  CategoryDto: { id: 3, name: 'برمجة', slug: 'برمجة', postCount: 12 },
  CategoryLinkDto: { id: 3, name: 'برمجة', slug: 'برمجة' },
  SaveCategoryDto: { name: 'برمجة', slug: 'برمجة' },
  PageDto: { id: 1, title: 'من أنا', slug: 'about', content: '<p>كاتب ومطوّر ويب.</p>', updatedAt: UPDATED_AT, version: 2 },
  SavePageDto: { title: 'من أنا', slug: 'about', content: '<p>كاتب ومطوّر ويب.</p>', version: 2 },
  UserDto: { id: 1, username: 'author', email: 'author@example.com', name: 'كاتب المدونة', bio: 'أكتب عن الويب.', avatarUrl: null },
  LoginDto: { username: 'author', password: 'correct horse battery staple' },
  UploadResponseDto: { url: '/uploads/9f1c2a7b.webp' },
  CreateApiTokenDto: { name: 'CI publish', expiresAt: '2027-02-21T00:00:00.000Z' },
  CreatedApiTokenDto: {
    id: 5,
    name: 'CI publish',
    token: 'mdw_Jq3t0vX2m9cRkq7bWcE1sYp4LhN8aZfD5gU6oTiV0eQ',
    createdAt: CREATED_AT,
    expiresAt: '2027-02-21T00:00:00.000Z',
  },
  ApiTokenDto: { id: 5, name: 'CI publish', createdAt: CREATED_AT, lastUsedAt: UPDATED_AT, expiresAt: '2027-02-21T00:00:00.000Z' },
  ErrorDto: {
    statusCode: 409,
    message: 'The slug "مدخل-إلى-react-hooks" is already used by another post',
    error: 'Conflict',
    code: 'POST_SLUG_TAKEN',
    requestId: '0b6f8c2e-4d1a-4c3e-9a57-2f0e6d8b1c44',
  },
};

/**
 * What each API operation does, for developers outside the project (Swagger UI at /api/docs, openapi/openapi.json),
 * keyed by operationId (the controller method's name). Kept in one place rather than in decorators so the whole API
 * reads as one document; the OpenAPI test fails when an operation has no entry here or an entry names no operation.
 */
export interface OperationDoc {
  summary: string;
  description: string;
}

const SIGN_IN = 'Needs a signed-in session or an API token (`Authorization: Bearer mdw_…`).';
const SESSION_ONLY = 'Needs a signed-in session: an API token gets 403 `SESSION_REQUIRED`.';
const ACCOUNT =
  'For a person in a browser: a request with an API token gets 403 `SESSION_REQUIRED`. Unsafe requests from a browser must come from the blog itself (`Origin`), or get 403 `CROSS_SITE_REQUEST`.';
const VERSIONED =
  'Send the `version` of the record you loaded: if it has been saved since, the answer is 409 `VERSION_CONFLICT` with the record as it is now in `current`. Leave `version` out to overwrite.';
const VERSIONED_OR_IF_MATCH =
  'Send the `version` of the record you loaded: if it has been saved since, the answer is 409 `VERSION_CONFLICT` with the record as it is now in `current`. Or the HTTP way: send the `ETag` of the record you loaded (GET by id, or the answer to your last save) in `If-Match`, and the answer is 412 `PRECONDITION_FAILED` (with `current` and its `ETag`) if it has changed since. Send neither to overwrite.';

/** The autosave and revision operations, the same for posts and pages. */
function revisionDocs(kind: 'post' | 'page'): Record<string, OperationDoc> {
  const Kind = kind === 'post' ? 'Post' : 'Page';
  return {
    [`autosave${Kind}`]: {
      summary: `Autosave a ${kind} being edited`,
      description: `Keeps the editor's fields as an \`autosave\` revision; the ${kind} itself, and what readers see, do not change. An autosave right after another replaces it. ${SIGN_IN}`,
    },
    [`list${Kind}Revisions`]: {
      summary: `List a ${kind}'s revisions`,
      description: `Newest first: \`id\`, \`createdAt\`, \`kind\` (autosave, save, publish, restore) and \`title\`, \`limit\` at a time (50 by default, at most 100). The last 50 revisions are kept, and one a day beyond. ${SIGN_IN}`,
    },
    [`get${Kind}Revision`]: {
      summary: `Read one revision of a ${kind}`,
      description: `Every field the revision kept; 404 \`REVISION_NOT_FOUND\` when the ${kind} has no revision with this id. ${SIGN_IN}`,
    },
    [`restore${Kind}Revision`]: {
      summary: `Restore a revision of a ${kind}`,
      description: `Saves the revision's fields again as a new \`restore\` revision (no revision is deleted); the version rises. ${VERSIONED} ${SIGN_IN}`,
    },
  };
}

export const OPERATION_DOCS: Record<string, OperationDoc> = {
  // auth
  register: {
    summary: "Create the blog's author account",
    description: `The first account becomes the author and is signed in (a session cookie is set). On a blog whose \`PUBLIC_URL\` is not a local address, that first account needs the setup code (\`setupCode\`) printed in the server's log at start or set in \`SETUP_CODE\` (403 \`SETUP_CODE_INVALID\` without it); of several first registrations at once, one makes the account and the others get 409 \`INSTALL_CLAIMED\`. After that, registration is closed (403 \`REGISTRATION_CLOSED\`) unless the server runs with \`ALLOW_REGISTRATION=true\`. ${ACCOUNT}`,
  },
  registrationStatus: {
    summary: 'Whether registration is open',
    description: `\`{ open: true }\` while the blog has no author (or the server runs with \`ALLOW_REGISTRATION=true\`), so the sign-in screen offers the register tab only when it can work; \`firstAccount: true\` while there is no account at all, so it offers that tab first; \`setupCodeRequired: true\` while that first account needs the setup code. ${ACCOUNT}`,
  },
  registerFromForm: {
    summary: 'Create the author account from the HTML form (no JavaScript)',
    description: `The register form of \`/auth\` posted by a browser without JavaScript (\`application/x-www-form-urlencoded\`: username, email, password, name, and setupCode when required): the same rules and session as \`POST /api/register\`, answered with 303 to \`/\`, or back to \`/auth?tab=register\` with \`invalid=field,…\` or \`error=CODE\` (shown in Arabic there). Scripts use \`POST /api/register\`. ${ACCOUNT}`,
  },
  logInFromForm: {
    summary: 'Sign in from the HTML form (no JavaScript)',
    description: `The sign-in form of \`/auth\` posted by a browser without JavaScript (\`application/x-www-form-urlencoded\`: username, password): the same checks, limits and session as \`POST /api/login\`, answered with 303 to \`/\`, or back to \`/auth?tab=login\` with \`invalid=field,…\` or \`error=CODE\`. Scripts use \`POST /api/login\`. ${ACCOUNT}`,
  },
  login: {
    summary: 'Sign in',
    description: `Checks the username (or email) and password and sets the session cookie. Repeated failures are limited per account and per address (429 \`RATE_LIMITED\` with \`retryAfter\`). ${ACCOUNT}`,
  },
  logout: {
    summary: 'Sign out',
    description: `Ends the session and clears its cookie; signing out without a session is not an error. ${ACCOUNT}`,
  },
  getCurrentUser: {
    summary: 'The signed-in user',
    description: `The user of the session, with their email; 401 when nobody is signed in. This is the admin's session check, so it takes no API token. ${SESSION_ONLY}`,
  },
  forgotPassword: {
    summary: 'Ask for a password reset mail',
    description: `Mails a reset link valid for an hour when the address belongs to an account; links mailed before stay valid. The answer is the same either way and is sent before the address is looked up, so neither it nor its timing reveals which addresses have accounts. One address may ask 5 times an hour (429 \`RATE_LIMITED\`); past 3 mails an hour to one email address the answer stays the same and no more mail is sent. ${ACCOUNT}`,
  },
  resetPassword: {
    summary: 'Set a new password with a reset token',
    description: `Takes the token from a reset mail (valid for an hour) and the new password. Using one link spends every link of the account; every session opened before is signed out and every API token of the account is revoked. ${ACCOUNT}`,
  },

  // tokens
  createApiToken: {
    summary: 'Create an API token',
    description: `A personal access token for scripts, with a name and an optional expiry. The token (\`mdw_…\`) is in this answer only: the server keeps only its SHA-256. Send it as \`Authorization: Bearer <token>\`; it can do everything a session can except manage tokens, sign in or out and change the password. At most 50 tokens (409 \`TOKEN_LIMIT\`). ${SESSION_ONLY}`,
  },
  listApiTokens: {
    summary: 'List your API tokens',
    description: `Name, creation date, last use (to the minute) and expiry of each token, newest first; never the tokens themselves. ${SESSION_ONLY}`,
  },
  revokeApiToken: {
    summary: 'Revoke an API token',
    description: `Deletes the token: from then on a call with it gets 401 \`TOKEN_INVALID\`. ${SESSION_ONLY}`,
  },

  // posts
  listPosts: {
    summary: 'List posts, newest first',
    description: `Post summaries (no content), ${'`limit`'} at a time (20 by default, at most 50) from ${'`offset`'}. Anonymous callers get published posts only (a scheduled post from its time on); signed in, ${'`status=draft|scheduled|published`'} (or ${'`published=true|false`'}) picks one status, no filter lists them all, and ${'`q`'} searches titles. The number of posts matching the filter is in the ${'`X-Total-Count`'} header; ${'`GET /api/posts/counts`'} gives the totals as a body.`,
  },
  countPosts: {
    summary: 'Count posts',
    description:
      'The totals behind the paginated lists: `{ all, published, scheduled, drafts }`, for one category (`category` slug) or every post. The published total is what a client needs to page through the public list. Anonymous callers count published posts only (`scheduled` and `drafts` are 0).',
  },
  getFeaturedPost: {
    summary: 'The featured post',
    description: 'The one published post the author has featured on the home page; 204 with no body when none is.',
  },
  getPostById: {
    summary: 'Read a post by id (for editing)',
    description: `A post, draft or published, with its content and \`version\` (send it back when saving), and its \`ETag\` (or send that back in \`If-Match\`). ${SIGN_IN}`,
  },
  getPostBySlug: {
    summary: 'Read a post by slug',
    description:
      "A published post with its content and links to the previous and next published posts, as readers see it; signed in, drafts too. The slug is the last segment of the post's address (Arabic letters are kept).",
  },
  createPost: {
    summary: 'Create a post',
    description: `A draft unless \`published\` is true. The slug comes from the title when not given and is made unique; the HTML content is sanitized; the excerpt is made from the content when empty, and the reading time is computed. ${SIGN_IN}`,
  },
  updatePost: {
    summary: 'Save a post',
    description: `Replaces the post's fields (publish it with \`published: true\`; schedule it with a \`publishAt\` to come as well). Keeps a revision. ${VERSIONED_OR_IF_MATCH} ${SIGN_IN}`,
  },
  bulkChangePosts: {
    summary: 'Publish, unpublish or delete several posts',
    description: `\`{ action, ids }\` (at most 100 ids) in one transaction: all of them change, or none does (404 \`POST_NOT_FOUND\` when an id does not exist). \`changed\` lists the posts the action changed. ${SIGN_IN}`,
  },
  ...revisionDocs('post'),
  deletePost: {
    summary: 'Delete a post',
    description: `Deletes the post for good. With \`If-Match\` (the post's \`ETag\`), only if it has not changed since: 412 \`PRECONDITION_FAILED\` otherwise. ${SIGN_IN}`,
  },
  fixPostSlug: {
    summary: "Regenerate a post's slug from its title",
    description: `For posts whose slug was left empty or mangled: builds it again from the title, unique among posts. ${SIGN_IN}`,
  },
  setFeaturedPost: {
    summary: 'Feature a post on the home page',
    description: `Only a published post can be featured (400 \`POST_NOT_PUBLISHED\`); featuring one unfeatures the previous one. ${SIGN_IN}`,
  },

  // categories
  listCategories: {
    summary: 'List categories',
    description: 'Every category with its slug and the number of its published posts.',
  },
  getCategoryBySlug: {
    summary: 'Read a category by slug',
    description: 'One category with its number of published posts; 404 `CATEGORY_NOT_FOUND` when no category has the slug.',
  },
  createCategory: {
    summary: 'Create a category',
    description: `Name and slug must both be unique (409 \`CATEGORY_NAME_TAKEN\`, \`CATEGORY_SLUG_TAKEN\`); the slug comes from the name when empty. ${SIGN_IN}`,
  },
  updateCategory: {
    summary: 'Rename a category',
    description: `Changes the name and slug; both stay unique (409). ${SIGN_IN}`,
  },
  deleteCategory: {
    summary: 'Delete a category',
    description: `Its posts are kept and become uncategorized. ${SIGN_IN}`,
  },

  // pages
  listPages: {
    summary: 'List static pages',
    description: 'Every static page (about, contact, …) without its content.',
  },
  getPageBySlug: {
    summary: 'Read a static page by slug',
    description: 'One page with its content, as readers see it (`/api/pages/about` is the about page).',
  },
  getPageById: {
    summary: 'Read a static page by id (for editing)',
    description: `A page with its content and \`version\` (send it back when saving), and its \`ETag\` (or send that back in \`If-Match\`). ${SIGN_IN}`,
  },
  createPage: {
    summary: 'Create a static page',
    description: `The slug must be unique and not one of the site's own paths (409 \`PAGE_SLUG_RESERVED\`); the HTML content is sanitized. ${SIGN_IN}`,
  },
  updatePage: {
    summary: 'Save a static page',
    description: `Replaces the page's title, slug and content. ${VERSIONED_OR_IF_MATCH} ${SIGN_IN}`,
  },
  ...revisionDocs('page'),
  deletePage: {
    summary: 'Delete a static page',
    description: `Deletes the page for good. With \`If-Match\` (the page's \`ETag\`), only if it has not changed since: 412 \`PRECONDITION_FAILED\` otherwise. ${SIGN_IN}`,
  },

  // settings
  getSocialLinks: {
    summary: 'The social links',
    description:
      "The social network links shown in the footer and on the about page: each a handle (linked to the network's profile address), a full URL, or null.",
  },
  updateSocialLinks: {
    summary: 'Save the social links',
    description: `Each value is a handle or a full URL; empty clears the link. ${SIGN_IN}`,
  },
  getHomeLayout: {
    summary: 'The home page layout',
    description: 'Which sections the home page shows, in which order, and how many items each has.',
  },
  updateHomeLayout: {
    summary: 'Save the home page layout',
    description: `Replaces the layout; every field is checked against its allowed values. ${SIGN_IN}`,
  },

  // users
  getUser: {
    summary: 'Read a user (the author)',
    description: 'The public record of a user (SPEC §7): name, bio and avatar. The username and email, what signs in, only to that user themself.',
  },
  updateUser: {
    summary: 'Edit your profile',
    description: `Changes your own name and bio (403 \`NOT_YOUR_PROFILE\` for anyone else's). ${SIGN_IN}`,
  },

  // upload
  uploadImage: {
    summary: 'Upload an image',
    description: `A multipart form with one file field named \`image\`: JPEG, PNG, GIF, WebP or AVIF, at most 5 MB and 40 megapixels. The image is re-encoded (which drops its metadata) and smaller AVIF and WebP variants are made; the answer's \`url\` is the address to use in posts. When the storage fails (a bucket down or unreachable), 503 \`STORAGE_UNAVAILABLE\` with \`retryAfter\`, and nothing of the upload is kept. ${SIGN_IN}`,
  },

  // newsletter
  subscribeNewsletter: {
    summary: 'Subscribe to the newsletter (double opt-in)',
    description:
      'Records the address as pending and mails it a confirmation link valid 48 hours; a pending or unsubscribed address gets a fresh link, a confirmed one a note that it is already subscribed. The answer is always the same 202, so it never tells whether an address is subscribed. Limited per client address and per email (429).',
  },
  newsletterConfirmPage: {
    summary: 'The page of a confirmation link (changes nothing)',
    description:
      'The link in the confirmation mail. Answers with an Arabic HTML page whose button POSTs the token to `POST /api/newsletter/confirm` (200), or says the address is already confirmed (200), the link expired after 48 hours (410) or is unknown (404). A GET never confirms: mail scanners open links.',
  },
  confirmNewsletter: {
    summary: "Confirm a subscription (the confirmation page's button)",
    description:
      "A form POST with the link's `token` in the body; the token is the authority, no session is needed. Answers with an Arabic HTML page: confirmed (200, also when sent again), link expired (410), or unknown link (404).",
  },
  newsletterUnsubscribePage: {
    summary: 'The page of an unsubscribe link (changes nothing)',
    description:
      "The link in every newsletter mail. Answers with an Arabic HTML page whose button POSTs the token to `POST /api/newsletter/unsubscribe` (200), or says the address is already unsubscribed (200) or the link is unknown (404). A GET never unsubscribes. Each mail's link works for good.",
  },
  unsubscribeNewsletter: {
    summary: "Unsubscribe (the page's button, or one click from the mail client, RFC 8058)",
    description:
      "Either the unsubscribe page's form (the `token` in the body) or a mail client's one-click unsubscribe: every mail carries `List-Unsubscribe: <…/api/newsletter/unsubscribe?token=…>` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, and the mail provider POSTs `List-Unsubscribe=One-Click` to that URL, without cookie or `Origin`. The token is the authority. Answers with an Arabic HTML page: unsubscribed (200, also when sent again) or unknown link (404).",
  },
  listNewsletterSubscribers: {
    summary: 'List newsletter subscribers',
    description: `Every address with its status (\`pending\`: not confirmed yet; \`confirmed\`: gets posts; \`unsubscribed\`), newest first; \`status\` filters. ${SIGN_IN}`,
  },
  countNewsletterSubscribers: {
    summary: 'Count newsletter subscribers by status',
    description: `Confirmed, pending and unsubscribed addresses and their total. ${SIGN_IN}`,
  },
  exportNewsletterSubscribers: {
    summary: 'Export the subscribers as CSV',
    description: `UTF-8 CSV (with a byte order mark, for spreadsheets) of every address: email, status, createdAt, confirmedAt, unsubscribedAt. A value a spreadsheet would read as a formula starts with an apostrophe. ${SIGN_IN}`,
  },
  removeNewsletterSubscriber: {
    summary: 'Remove a subscriber',
    description: `Deletes the address and every mail recorded for it (404 \`SUBSCRIBER_NOT_FOUND\`). ${SIGN_IN}`,
  },
  sendPostToSubscribers: {
    summary: 'Mail a published post to the confirmed subscribers',
    description: `Once per post: 202 with the progress at once, the mails go out in the background in batches (an Arabic HTML and text mail with the title, excerpt, featured image and link, each with its own unsubscribe link). 409 \`NEWSLETTER_ALREADY_SENT\` the second time (also when two calls race, on any number of instances), \`POST_NOT_PUBLISHED\` for a draft, \`NEWSLETTER_NO_SUBSCRIBERS\` when nobody has confirmed. ${SIGN_IN}`,
  },
  getPostSendProgress: {
    summary: "A post's newsletter send: progress and per-recipient outcome",
    description: `\`not_sent\`, \`sending\` or \`done\`, the counts, and each recipient's \`pending\`/\`sending\`/\`sent\`/\`failed\` (with the mail server's error)/\`skipped\` (unsubscribed before their mail went out). ${SIGN_IN}`,
  },

  // search
  searchPosts: {
    summary: 'Search posts (Arabic-aware)',
    description:
      'Published posts containing every word of `q` in any usual spelling: diacritics and tatweel ignored, أ/إ/آ/ا, ى/ي and ة/ه alike, attached ال و ف ب ك ل and a few suffixes taken off, Latin case-folded, Arabic-Indic digits equal to Latin ones. Best first (title, then tags, then text), with the title and a snippet as safe HTML with `<mark>` around the matching words, and the `total`. `limit` 20 by default, at most 50 (400 above). `includeDrafts=true` adds drafts for the signed-in author (401 otherwise).',
  },

  // tags
  listTags: {
    summary: 'List tags',
    description:
      'Every tag with its slug (for /tag/{slug}) and the number of published posts carrying it, most used first. `includeDrafts=true` counts drafts too (signed in; 401 otherwise).',
  },
  getTag: {
    summary: 'Read a tag by slug',
    description:
      'One tag with its post count; 404 `TAG_NOT_FOUND` when no published post carries it (or no post at all, with `includeDrafts=true`). Its posts: GET /api/posts?tag={slug}.',
  },
  renameTag: {
    summary: 'Rename a tag on every post',
    description: `Every post carrying the tag gets the new name, in one transaction; each post's \`version\` is raised. 409 \`TAG_NAME_TAKEN\` when the name is another tag's (merge them instead), 400 \`TAG_NAME_INVALID\` when it has no letter or digit. ${SIGN_IN}`,
  },
  mergeTag: {
    summary: 'Merge a tag into another',
    description: `Every post carrying the tag carries the tag \`into\` instead (once), in one transaction; the tag is gone. 400 \`TAG_MERGE_SAME\` for the same tag, 404 \`TAG_NOT_FOUND\` when either does not exist. ${SIGN_IN}`,
  },

  // health
  getHealth: {
    summary: 'Health check',
    description: 'For load balancers and monitors: 200 when the server and its database answer, 503 when the database cannot be reached.',
  },
};

/** What each tag groups, shown as the section headings of Swagger UI. */
export const TAG_DOCS: Record<string, string> = {
  auth: 'Registration, sign-in with a session cookie, and password reset. For people in a browser; API tokens cannot use these.',
  tokens:
    'Personal access tokens for scripts and CI: create, list and revoke (with a session). Send a token as `Authorization: Bearer <token>`.',
  posts: 'Blog posts: public reading by slug and lists, and (signed in) drafts, editing, publishing and the featured post.',
  categories: 'Post categories.',
  search: 'Full-text search over published posts, with Arabic spelling variants treated as one word.',
  tags: 'Post tags: lists with counts, one tag, and renaming or merging a tag on every post at once.',
  pages: 'Static pages such as about and contact.',
  settings: 'Blog-wide settings: social links and the home page layout.',
  users: "The author's public profile and its editing.",
  upload: 'Image uploads for posts and pages.',
  newsletter: 'Newsletter: double opt-in subscriptions, one-click unsubscribe, the subscriber list, and mailing a post to the subscribers.',
  health: 'Liveness and database health for monitors.',
};

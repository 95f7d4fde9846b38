/**
 * Every `code` an error answer can carry (`{ statusCode, message, error, code }`), with what it means: clients branch
 * on the code, never on the message. The enum of ErrorDto.code in the OpenAPI document. error-codes.spec.ts reads
 * the source for thrown codes and fails when one is missing here (or listed here but thrown nowhere).
 */
export const ERROR_CODES = {
  // any request
  MALFORMED_INPUT: 'A value in the path, query or body can never be valid: JSON nested too deeply, a NUL character, an unpaired surrogate',
  INVALID_INPUT: 'The body or query could not be validated at all (a value of an unexpected shape)',
  INVALID_ID: 'An id in the path is not a whole number from 1 to 2147483647',
  UNIQUE_VIOLATION: 'A value that must be unique is already taken (a save raced another)',
  CROSS_SITE_REQUEST: "An unsafe request from a browser on another site (its Origin is not the blog's)",
  RATE_LIMITED: 'Too many attempts; `retryAfter` (and the Retry-After header) says how many seconds to wait',
  BUSY: 'The server is busy hashing passwords; try again in a moment (`retryAfter`)',
  DATABASE_UNAVAILABLE: 'The database cannot be reached right now (down or restarting); try again after `retryAfter` seconds',
  STORAGE_FULL:
    "The database's disk is full: the write was refused whole (nothing of it saved; reads go on); try again after `retryAfter` seconds",
  // signing in
  NOT_SIGNED_IN: 'The route needs a signed-in session or an API token',
  INVALID_CREDENTIALS: 'Wrong username, email or password',
  REGISTRATION_CLOSED: 'The blog already has its author and registration is closed',
  USER_TAKEN: 'The username or email is already registered',
  SETUP_CODE_INVALID:
    "The first account of a blog reachable from outside needs the setup code (printed in the server's log at start, or SETUP_CODE), and this one is missing or wrong",
  INSTALL_CLAIMED: 'Another registration made the first account of this blog a moment before: sign in with that one',
  RESET_TOKEN_INVALID: 'The password reset link is unknown, used or expired',
  SESSION_REQUIRED: 'An API token cannot do this (tokens, sign-in, password, the session check): sign in with a session',
  // API tokens
  TOKEN_INVALID: 'The bearer token is unknown or revoked, or the Authorization header is not "Bearer <token>"',
  TOKEN_EXPIRED: 'The bearer token is past its expiry',
  TOKEN_EXPIRY_PAST: "A new token's expiry must be in the future",
  TOKEN_LIMIT: 'There are already 50 API tokens; revoke one first',
  TOKEN_NOT_FOUND: 'No API token of yours has this id',
  // users
  USER_NOT_FOUND: 'No user has this id',
  NOT_YOUR_PROFILE: 'Only the user themself can edit a profile',
  // posts
  POST_NOT_FOUND: 'No post has this id or slug (or it is a draft and the caller is not signed in)',
  POST_NOT_PUBLISHED: 'Only a published post can be featured or sent to the subscribers',
  POST_SLUG_TAKEN: 'Another post has this slug',
  POST_SLUG_RESERVED: 'The slug is one of the API\'s own paths (such as "featured" or "counts")',
  CONTENT_REQUIRED: 'The content is empty once sanitized',
  LANGUAGE_INVALID: 'The language is not a BCP 47 language tag (such as ar, en or fr-CA)',
  TRANSLATION_OF_ITSELF: 'A post cannot be a translation of itself',
  TRANSLATION_NOT_FOUND: 'No post has the id named as the post this one translates',
  TRANSLATION_OF_NEWER: 'The post named is newer than this one: the original is the older post, so make the newer one its translation',
  TRANSLATION_OF_TRANSLATION: 'The post named is itself a translation: name the original it translates',
  TRANSLATION_HAS_TRANSLATIONS: 'Other posts are translations of this one, so it cannot become a translation itself',
  VERSION_CONFLICT: 'The record was saved since the version sent; `current` holds it as it is now',
  PRECONDITION_FAILED: "The If-Match header does not name the record's current ETag; `current` (and the ETag header) hold it as it is now",
  // revisions
  REVISION_NOT_FOUND: 'The post or page has no revision with this id',
  // categories
  CATEGORY_NOT_FOUND: 'No category has this id or slug',
  CATEGORY_NAME_TAKEN: 'Another category has this name',
  CATEGORY_SLUG_TAKEN: 'Another category has this slug',
  // tags
  TAG_NOT_FOUND: 'No post carries a tag with this slug (published posts only, unless drafts were asked for)',
  TAG_NAME_INVALID: 'A tag name needs a letter or a digit',
  TAG_NAME_TAKEN: 'Another tag has this name: merge the two tags instead of renaming',
  TAG_MERGE_SAME: 'A tag cannot be merged into itself',
  // pages
  PAGE_NOT_FOUND: 'No page has this id or slug',
  PAGE_SLUG_INVALID: 'The slug has no letters or digits',
  PAGE_SLUG_RESERVED: "The slug is one of the site's own paths",
  PAGE_SLUG_TAKEN: 'Another page has this slug',
  // newsletter
  NEWSLETTER_ALREADY_SENT: 'This post has already been sent to the subscribers (once per post)',
  NEWSLETTER_NO_SUBSCRIBERS: 'No subscriber has confirmed yet: there is nobody to send the post to',
  SUBSCRIBER_NOT_FOUND: 'No subscriber has this id',
  // comments
  COMMENTS_CLOSED: 'The post takes no comments (closed by the author, after its days, or comments are off for the blog)',
  COMMENT_NOT_FOUND: 'No comment has this id (or, for readers, no approved comment of this post)',
  COMMENT_CHALLENGE_FAILED:
    'The proof-of-work (`altcha`) is missing, wrong, expired, already used or solved too fast: fetch a new challenge from `GET /api/comments/challenge`',
  // redirects
  REDIRECT_NOT_FOUND: 'No redirect has this id',
  REDIRECT_FROM_INVALID: 'fromPath is not a path starting with / (nor an http(s) URL), or is longer than 2000 bytes once decoded',
  REDIRECT_FROM_RESERVED:
    "fromPath is one of the blog's own paths (the home page, /api, /uploads, /assets, /admin, /auth, /reset-password, /search, the feeds, the sitemap): the blog answers it itself",
  REDIRECT_TO_INVALID: 'toPath is neither a path on the blog starting with a single / nor an absolute http(s) URL',
  REDIRECT_LOOP: 'The redirect would lead back to its own address (directly, or through the redirects already there)',
  REDIRECT_EXISTS: 'Another redirect has this fromPath (once normalised): delete it first',
  // fediverse (ActivityPub)
  FOLLOWER_NOT_FOUND: 'No fediverse follower (accepted or waiting) has this id',
  DELIVERY_NOT_FOUND: 'No delivery has this id',
  DELIVERY_NOT_RETRYABLE: 'Only a failed or gone delivery can be retried (this one is pending, sending or delivered)',
  BLOCK_INVALID: 'The value is neither a host name (spam.example) nor an actor id (an http(s) URL)',
  BLOCK_EXISTS: 'This server or account is blocked already',
  BLOCK_NOT_FOUND: 'No block has this id',
  FEDERATION_BLOCKED: "An activity to the blog's inbox from a server or account the author blocked",
  ACTIVITY_TOO_LARGE: "An activity to the blog's inbox is larger than 1 MB",
  // imports
  IMPORT_FILE_REQUIRED: 'Send the export in the multipart field "file"',
  IMPORT_FILE_INVALID:
    'The file is not a WordPress (WXR), Blogger (Atom) or Ghost (JSON) export, or is damaged: the message says where; nothing was written',
  IMPORT_FILE_TOO_LARGE: 'The file is larger than the import accepts (500 MB)',
  IMPORT_RUNNING: 'Another import is running (on this server or another instance): wait for it to finish',
  IMPORT_NOT_FOUND: 'No import has this id',
  // uploads
  IMAGE_REQUIRED: 'No file in the multipart field "image"',
  IMAGE_EMPTY: 'The uploaded file is empty',
  NOT_AN_IMAGE: 'The file is not a JPEG, PNG, GIF, WebP or AVIF image',
  IMAGE_TOO_LARGE: 'The file is larger than 5 MB',
  IMAGE_TOO_MANY_PIXELS: 'The image has more than 40 megapixels',
  STORAGE_UNAVAILABLE:
    'The image storage (the S3 bucket or the uploads folder) failed or cannot be reached: nothing was stored; try again after `retryAfter` seconds',
  UPLOAD_NOT_FOUND: 'No uploaded file has this name (a GET of /uploads/<name> when uploads are in a bucket)',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

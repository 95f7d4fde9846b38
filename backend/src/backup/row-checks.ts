import { plainToInstance } from 'class-transformer';
import { isEmail, isISO8601, validateSync } from 'class-validator';
import type { EntityMetadata } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import {
  ACCOUNT_LIMITS,
  COMMENT_LIMITS,
  canonicalLanguage,
  COMMENT_STATUSES,
  isSlug,
  redirectCandidates,
  redirectFromProblem,
  redirectKey,
  REDIRECT_STATUSES,
  redirectTarget,
  RESERVED_PAGE_SLUGS,
  type CommentHoldReason,
} from '@mudawwana/rules';
import { REPLY_NOTICE_STATES } from '../comments/comment.entity';
import { UpdateCommentSettingsDto } from '../comments/dto/comment.dto';
import { MAX_ID } from '../common/parse-id.pipe';
import { sanitizeContent } from '../common/sanitize-html';
import { MAIL_STATUSES } from '../newsletter/newsletter-mail.entity';
import { SUBSCRIBER_STATUSES } from '../newsletter/subscriber.entity';
import { IMAGE_URL } from '../posts/dto/save-post.dto';
import { RESERVED_SLUGS as RESERVED_POST_SLUGS } from '../posts/posts.service';
import { REVISION_KINDS } from '../revisions/revision.entity';
import { UpdateDateDisplayDto, UpdateHomeLayoutDto, UpdateSocialLinksDto } from '../settings/dto/settings.dto';
import { SettingKey } from '../settings/setting-defaults';

/**
 * What restore accepts in a row of a backup: nothing is trusted because it is in the file. The tables and columns are
 * this schema's own (the entities' columns that the database has at the backup's schema), never names read from the
 * file; every value is typed and checked by its column, then by the rule the API applies to it (lengths, required
 * fields, slugs, enums, dates, ids that point at restored rows, unique values), and HTML goes through the API's
 * sanitiser. A row that breaks a rule is refused with what is wrong (RowProblem); the caller names the line.
 */
export type JsonRow = Record<string, unknown>;

/** What is wrong with a row, in words for the person restoring. */
export class RowProblem extends Error {}

/**
 * Never backed up nor restored (an older backup's file of one is skipped). Each of the first three is a way in for
 * whoever wrote it: sessions are live sign-ins (everyone signs in again), a reset link sets the password, and the
 * setup code claims a blog that has no account yet (the restored one has its author). The solved comment challenges
 * only live until they expire (ten minutes), to refuse a solution used twice: nothing a move needs to carry.
 */
export const NEVER_RESTORED = new Set([
  'sessions',
  'password_reset_tokens',
  'setup_code',
  'comment_challenges',
  // The fediverse's private keys: a backup is not a way to sign as the blog. A restored blog makes new ones, and other
  // servers fetch its actor again when a signature no longer matches the key they kept.
  'federation_keys',
  // Fedify's caches and incoming queue, and pending sends: a backup must not make the blog sign and send activities its
  // file describes. A send in flight during a move is lost; the next post reaches every follower.
  'federation_kv',
  'federation_queue',
  'federation_deliveries',
]);

/** A restorable table and the columns a row of it may have (this schema's, at the backup's version). */
export interface TableShape {
  metadata: EntityMetadata;
  columns: Map<string, ColumnMetadata>;
}

/** API tokens are restored only when asked: a token hash added to a backup would be a silent way in. */
export interface RowCheckOptions {
  withApiTokens: boolean;
}

const DATE_TYPES = new Set(['datetime', 'timestamptz', 'timestamp', 'timestamp with time zone', 'date']);
const STRING_TYPES = new Set(['varchar', 'text', 'character varying', String]);
/** Text columns without a length: the API's limit for content (CreatePostDto, SavePageDto). */
const MAX_TEXT_LENGTH = 2_000_000;
const INT32 = { min: -2_147_483_648, max: 2_147_483_647 };
/** SHA-256 in hex: how every token (API, reset, confirmation, unsubscribe) is stored. */
const SHA256_HEX = /^[0-9a-f]{64}$/;
/** argon2id in PHC form, as password.ts stores it (the password itself is never in a backup). */
const ARGON2ID_HASH = /^\$argon2id\$v=19\$[mtp]=\d{1,10},[mtp]=\d{1,10},[mtp]=\d{1,10}\$[A-Za-z0-9+/]{11,200}\$[A-Za-z0-9+/]{16,200}$/;
/** Why a comment waited for the author: the rules' type, every one listed (the compiler says when one is added). */
const HOLD_REASONS = Object.keys({
  moderation: true,
  'first-comment': true,
  blocklist: true,
  links: true,
} satisfies Record<CommentHoldReason, true>);
const MAX_TAGS = 30;
const MAX_TAG_LENGTH = 60;

/** A value shown in a message: quoted, control characters escaped, cut short (the file may be hostile). */
export function shown(value: unknown): string {
  const text = JSON.stringify(typeof value === 'string' ? value : (value ?? null)) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

const length = (text: string) => Array.from(text).length;

/** Text the API stores as sent, within its length (and nothing else: older saves were not trimmed). */
function maxLength(max: number) {
  return (value: unknown, name: string): unknown => {
    if (value !== null && length(value as string) > max) throw new RowProblem(`${name} is longer than ${max} characters`);
    return value;
  };
}

/** The string rule of the API's DTOs: trimmed, and within its lengths. */
function text(min: number, max: number) {
  return (value: unknown, name: string): unknown => {
    if (typeof value !== 'string' || value !== value.trim()) throw new RowProblem(`${name} must be trimmed text`);
    if (length(value) < min) throw new RowProblem(`${name} is required`);
    if (length(value) > max) throw new RowProblem(`${name} is longer than ${max} characters`);
    return value;
  };
}

function oneOf(values: readonly string[]) {
  return (value: unknown, name: string): unknown => {
    if (!values.includes(value as string)) throw new RowProblem(`${name} must be one of ${values.join(', ')}`);
    return value;
  };
}

function matching(pattern: RegExp, what: string) {
  return (value: unknown, name: string): unknown => {
    if (typeof value !== 'string' || !pattern.test(value)) throw new RowProblem(`${name} must be ${what}`);
    return value;
  };
}

function slug(reserved: readonly string[]) {
  return (value: unknown, name: string): unknown => {
    if (typeof value !== 'string' || !isSlug(value)) throw new RowProblem(`${name} must be a slug (lower-case letters, digits and -)`);
    if (reserved.includes(value)) throw new RowProblem(`${name} ${shown(value)} is a reserved address`);
    return value;
  };
}

const html = (value: unknown) => sanitizeContent(value as string);

const email = (value: unknown, name: string): unknown => {
  if (typeof value !== 'string' || !isEmail(value) || value.length > ACCOUNT_LIMITS.emailMaxLength) {
    throw new RowProblem(`${name} must be an email address`);
  }
  return value;
};

const lowerCaseEmail = (value: unknown, name: string): unknown => {
  if (email(value, name) !== (value as string).toLowerCase()) throw new RowProblem(`${name} must be lower-case`);
  return value;
};

const atLeast = (min: number) => (value: unknown, name: string) => {
  if ((value as number) < min) throw new RowProblem(`${name} must be at least ${min}`);
  return value;
};

/** A rule for a value that may also be empty (null). */
const orNull =
  (rule: Rule): Rule =>
  (value, name, row) =>
    value === null ? null : rule(value, name, row);

const between = (min: number, max: number) => (value: unknown, name: string) => {
  if ((value as number) < min || (value as number) > max) throw new RowProblem(`${name} must be from ${min} to ${max}`);
  return value;
};

const sha256Hex = matching(SHA256_HEX, 'a SHA-256 hash in hex');

const tags = (value: unknown, name: string): unknown => {
  const valid =
    Array.isArray(value) &&
    value.length <= MAX_TAGS &&
    value.every((tag) => typeof tag === 'string' && tag === tag.trim() && tag !== '' && length(tag) <= MAX_TAG_LENGTH);
  if (!valid) throw new RowProblem(`${name} must be a list of at most ${MAX_TAGS} tags of 1 to ${MAX_TAG_LENGTH} characters`);
  return value;
};

/** A redirect's old address as the API stores it: normalised, and not one of the blog's own paths. */
const redirectFrom = (value: unknown, name: string): unknown => {
  if (redirectKey(value as string) !== value || redirectFromProblem(value as string)) {
    throw new RowProblem(`${name} ${shown(value)} is not an address the API stores a redirect from`);
  }
  return value;
};

/** A redirect's target as the API stores it (a normalised local path or an http(s) URL), never its own address. */
const redirectTo = (value: unknown, name: string, row: JsonRow): unknown => {
  if (redirectTarget(value as string) !== value) throw new RowProblem(`${name} ${shown(value)} is neither a local path nor an http(s) URL`);
  const key = redirectKey(value as string);
  if (key !== undefined && redirectCandidates(key).includes(row.fromPath as string)) throw new RowProblem(`${name} leads back to fromPath`);
  return value;
};

/** A reset link is never restored: it would let whoever knows its token set the password of the restored blog. */
const cleared = () => null;

/** A setting's value: JSON that the API's own DTO for that setting accepts. */
const SETTING_DTOS: Record<string, new () => object> = {
  [SettingKey.SocialLinks]: UpdateSocialLinksDto,
  [SettingKey.HomeLayout]: UpdateHomeLayoutDto,
  [SettingKey.Comments]: UpdateCommentSettingsDto,
  [SettingKey.DateDisplay]: UpdateDateDisplayDto,
};

/** A post's language: a BCP 47 tag in the canonical form the API stores. */
const language: Rule = (value, name) => {
  if (typeof value !== 'string' || canonicalLanguage(value) !== value) throw new RowProblem(`${name} must be a canonical BCP 47 tag`);
  return value;
};

function settingValue(value: unknown, name: string, row: JsonRow): unknown {
  const dto = SETTING_DTOS[row.key as string];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value as string);
  } catch {
    parsed = undefined;
  }
  if (!dto || parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new RowProblem(`${name} must be a JSON object`);
  }
  const errors = validateSync(plainToInstance(dto, parsed), { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length) throw new RowProblem(`${name} is not a valid ${String(row.key)}: ${Object.values(errors[0].constraints ?? {})[0]}`);
  return value;
}

type Rule = (value: unknown, name: string, row: JsonRow) => unknown;

/** The API's rules, per table and column, on top of each column's type (checked for every column). */
const RULES: Record<string, Record<string, Rule>> = {
  users: {
    username: text(ACCOUNT_LIMITS.usernameMinLength, ACCOUNT_LIMITS.usernameMaxLength),
    email,
    password: matching(ARGON2ID_HASH, 'an argon2id hash'),
    name: text(ACCOUNT_LIMITS.nameMinLength, ACCOUNT_LIMITS.nameMaxLength),
    bio: maxLength(2000),
    avatarUrl: (value, name) => (value === null ? null : matching(IMAGE_URL, 'an http(s) URL or an /uploads/ path')(value, name)),
    resetToken: cleared,
    resetTokenExpiry: cleared,
  },
  categories: { name: text(1, 100), slug: slug([]) },
  posts: {
    title: text(1, 300),
    slug: slug([...RESERVED_POST_SLUGS]),
    content: html,
    excerpt: maxLength(1000),
    featuredImage: (value, name) => (value === null ? null : matching(IMAGE_URL, 'an http(s) URL or an /uploads/ path')(value, name)),
    featured: (value, name, row) => {
      if (value === true && row.published !== true) throw new RowProblem(`${name}: only a published post can be featured`);
      return value;
    },
    version: atLeast(1),
    readTime: (value, name) => (value === null ? null : atLeast(0)(value, name)),
    tags,
    // The count of the post's approved comments is checked against them once every comment is read (countProblem).
    commentCount: atLeast(0),
    commentsCloseAfterDays: orNull(between(1, 3650)),
    language,
  },
  pages: { title: text(1, 300), slug: slug(RESERVED_PAGE_SLUGS), content: html, version: atLeast(1) },
  revisions: {
    kind: oneOf(REVISION_KINDS),
    content: html,
    pageId: (value, name, row) => {
      if ((value === null || value === undefined) === (row.postId === null || row.postId === undefined)) {
        throw new RowProblem('a revision belongs to exactly one post or page (postId or pageId)');
      }
      return value;
    },
  },
  settings: { key: oneOf(Object.keys(SETTING_DTOS)), value: settingValue },
  api_tokens: { tokenHash: matching(SHA256_HEX, 'a SHA-256 hash in hex') },
  newsletter_subscribers: {
    email: lowerCaseEmail,
    status: oneOf(SUBSCRIBER_STATUSES),
    confirmTokenHash: (value, name) => (value === null ? null : matching(SHA256_HEX, 'a SHA-256 hash in hex')(value, name)),
  },
  newsletter_sends: { status: oneOf(['sending', 'done']) },
  // Plain text as the API stores it (trimmed, within its lengths; never HTML, so nothing to sanitise). The thread is
  // checked by RowChecker (a reply answers a top-level comment of the same post).
  comments: {
    authorName: text(COMMENT_LIMITS.nameMinLength, COMMENT_LIMITS.nameMaxLength),
    authorEmail: orNull(lowerCaseEmail),
    content: text(COMMENT_LIMITS.contentMinLength, COMMENT_LIMITS.contentMaxLength),
    status: oneOf(COMMENT_STATUSES),
    holdReason: orNull(oneOf(HOLD_REASONS)),
    addressKey: orNull(sha256Hex),
    replyNotice: oneOf(REPLY_NOTICE_STATES),
    replyTokenHash: orNull(sha256Hex),
    moderationTokenHash: orNull(sha256Hex),
  },
  // Loops through several rows are not looked for: the API refuses them, and a browser stops following after 20.
  redirects: {
    fromPath: redirectFrom,
    toPath: redirectTo,
    status: (value, name) => {
      if (!(REDIRECT_STATUSES as readonly unknown[]).includes(value)) throw new RowProblem(`${name} must be 301 or 302`);
      return value;
    },
  },
  newsletter_mails: {
    status: oneOf(MAIL_STATUSES),
    unsubscribeTokenHash: (value, name) => (value === null ? null : matching(SHA256_HEX, 'a SHA-256 hash in hex')(value, name)),
  },
};

/** A value of the column's type, as the entity holds it (Date for dates), or a RowProblem. */
function typed(column: ColumnMetadata, value: unknown, name: string, isId: boolean): unknown {
  if (value === null) {
    if (!column.isNullable) throw new RowProblem(`${name} is required`);
    return null;
  }
  const type = column.type as unknown;
  if (STRING_TYPES.has(type as string)) {
    if (typeof value !== 'string') throw new RowProblem(`${name} must be text`);
    if (value.includes('\u0000')) throw new RowProblem(`${name} holds a NUL character`);
    const max = column.length ? Number(column.length) : MAX_TEXT_LENGTH;
    if (length(value) > max) throw new RowProblem(`${name} is longer than ${max} characters`);
    return value;
  }
  if (type === 'integer' || type === 'int' || type === 'bigint' || type === Number) {
    const range = isId ? { min: 1, max: MAX_ID } : INT32;
    if (!Number.isSafeInteger(value) || (value as number) < range.min || (value as number) > range.max) {
      throw new RowProblem(isId ? `${name} must be an id (a whole number from 1 to ${MAX_ID})` : `${name} must be a whole number`);
    }
    return value;
  }
  if (type === 'boolean' || type === Boolean) {
    if (typeof value !== 'boolean') throw new RowProblem(`${name} must be true or false`);
    return value;
  }
  if (DATE_TYPES.has(type as string)) {
    if (typeof value !== 'string' || !isISO8601(value, { strict: true }) || Number.isNaN(Date.parse(value))) {
      throw new RowProblem(`${name} must be an ISO 8601 date`);
    }
    return new Date(value);
  }
  // JSON columns have a rule of their own in RULES (posts.tags, the one there is).
  if (type === 'simple-json') return value;
  // A column type this check does not know yet: refuse rather than pass it on unchecked.
  throw new RowProblem(`${name} has a type restore cannot check (${String(type)})`);
}

/**
 * Checks the rows of a backup, table by table in dependency order, and answers each as the entity's values keyed by
 * this schema's column names. Remembers what it has let through: ids that later rows may point at, and values that
 * must be unique.
 */
export class RowChecker {
  private readonly ids = new Map<string, Set<number>>();
  private readonly uniques = new Map<string, Set<string>>();
  /** Each comment's post and the comment it answers (null: a top-level one), for the replies after it. */
  private readonly threads = new Map<number, { postId: number; parentId: number | null }>();
  /** Each post's commentCount as the file says it, and the approved comments the file holds of it. */
  private readonly commentCounts = new Map<number, { said: number; approved: number }>();

  constructor(private readonly options: RowCheckOptions) {}

  /** Tables whose rows are dropped (not restored) rather than checked: see NEVER_RESTORED and RowCheckOptions. */
  skips(table: string): boolean {
    return NEVER_RESTORED.has(table) || (table === 'api_tokens' && !this.options.withApiTokens);
  }

  check({ metadata, columns }: TableShape, raw: unknown): JsonRow {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new RowProblem('a row must be a JSON object');
    const table = metadata.tableName;
    // The blog has one author (SPEC): a second account in a backup would be a way in for whoever added it.
    if (table === 'users' && this.ids.get('users')?.size) throw new RowProblem('a second account: a blog has one author');

    const given = raw as JsonRow;
    const unknown = Object.keys(given).find((key) => !columns.has(key));
    if (unknown !== undefined) throw new RowProblem(`${table} has no column ${shown(unknown)}`);

    const row: JsonRow = {};
    for (const [name, column] of columns) {
      if (!Object.hasOwn(given, name)) {
        // A backup of an older schema lacks the columns added since: those have a default or may be empty.
        if (!column.isNullable && column.default === undefined && !column.isCreateDate && !column.isUpdateDate) {
          throw new RowProblem(`${name} is missing`);
        }
        continue;
      }
      const isId = column.isPrimary || metadata.foreignKeys.some((key) => key.columnNames.includes(name));
      row[name] = typed(column, given[name], name, isId);
    }
    for (const [name, rule] of Object.entries(RULES[table] ?? {})) {
      if (columns.has(name) && (Object.hasOwn(row, name) || rule === cleared)) row[name] = rule(row[name] ?? null, name, row);
    }
    this.checkReferences(metadata, row);
    if (table === 'comments') this.checkThread(row);
    this.checkUnique(metadata, row);
    for (const primary of metadata.primaryColumns) this.idsOf(table).add(row[primary.databaseName] as number);
    if (table === 'posts' && columns.has('commentCount')) {
      // Missing (an older backup of this schema): the column's default, no comments.
      this.commentCounts.set(row.id as number, { said: (row.commentCount as number | undefined) ?? 0, approved: 0 });
    }
    if (table === 'comments' && row.status === 'approved') {
      const counts = this.commentCounts.get(row.postId as number);
      if (counts) counts.approved += 1;
    }
    return row;
  }

  /**
   * What is wrong once every row is checked, or undefined: each post's commentCount must be the number of its approved
   * comments (the cards and pages show it; the API counts it in the transaction that changes a comment).
   */
  countProblem(): string | undefined {
    for (const [postId, { said, approved }] of this.commentCounts) {
      if (said !== approved) return `the post of id ${postId} has commentCount ${said}, but ${approved} approved comments`;
    }
    return undefined;
  }

  /** One level of replies, as the API makes them: a reply answers a top-level comment of the same post. */
  private checkThread(row: JsonRow): void {
    const parentId = (row.parentId ?? null) as number | null;
    if (parentId !== null) {
      const parent = this.threads.get(parentId);
      if (!parent || parent.postId !== row.postId) throw new RowProblem(`parentId ${parentId} is a comment of another post`);
      if (parent.parentId !== null) throw new RowProblem(`parentId ${parentId} is a reply (a reply answers a top-level comment)`);
    }
    this.threads.set(row.id as number, { postId: row.postId as number, parentId });
  }

  private idsOf(table: string): Set<number> {
    let ids = this.ids.get(table);
    if (!ids) this.ids.set(table, (ids = new Set()));
    return ids;
  }

  /** Every foreign key points at a row restored before it (parents come first). */
  private checkReferences(metadata: EntityMetadata, row: JsonRow): void {
    for (const key of metadata.foreignKeys) {
      const name = key.columnNames[0];
      const value = row[name];
      if (value === null || value === undefined) continue;
      if (!this.idsOf(key.referencedEntityMetadata.tableName).has(value as number)) {
        throw new RowProblem(`${name} ${value} points at no row of ${key.referencedEntityMetadata.tableName}`);
      }
    }
  }

  /** The primary key, unique columns and unique indexes (the one featured post included) hold each value once. */
  private checkUnique(metadata: EntityMetadata, row: JsonRow): void {
    const sets: string[][] = [
      metadata.primaryColumns.map((column) => column.databaseName),
      ...metadata.uniques.map((unique) => unique.columns.map((column) => column.databaseName)),
      ...metadata.indices.filter((index) => index.isUnique).map((index) => index.columns.map((column) => column.databaseName)),
    ];
    if (metadata.tableName === 'posts') sets.push(['featured']);
    for (const names of sets) {
      if (!names.length) continue; // an index made by a migration alone (UQ_posts_one_featured): covered above
      const values = names.map((name) => row[name]);
      if (values.some((value) => value === null || value === undefined || value === false)) continue;
      const key = `${metadata.tableName}(${names.join(',')})`;
      let seen = this.uniques.get(key);
      if (!seen) this.uniques.set(key, (seen = new Set()));
      const value = JSON.stringify(values);
      if (seen.has(value)) throw new RowProblem(`${names.join(', ')} ${shown(values.length === 1 ? values[0] : values)} is there twice`);
      seen.add(value);
    }
  }
}

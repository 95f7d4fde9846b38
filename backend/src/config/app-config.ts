import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { plainToInstance, Transform } from 'class-transformer';
import { stacked } from '../common/stacked';
import { DEFAULT_MEMORY_MB, MIN_MEMORY_MB, processMemoryBudget, type MemoryBudget } from './memory-budget';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';

const HTTP_URL = /^https?:\/\/[^\s/]+(\/.*)?$/;

const toBoolean = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? ['true', '1', 'yes'].includes(value.trim().toLowerCase()) : value;

/** A whole-number variable from `min` to `max`, `fallback` when unset or empty; `unit` is what it counts, for the message. */
function WholeNumber(min: number, max: number, fallback: number, unit?: string): PropertyDecorator {
  const range = `$property must be between ${min} and ${max}`;
  return stacked(
    Transform(({ value }) => (value === undefined || value === '' ? fallback : Number(value))),
    // Only the first failure of each variable is reported: "whole number" (checked first, from the bottom) before the range.
    Max(max, { message: range }),
    Min(min, { message: range }),
    IsInt({ message: `$property must be a whole number${unit ? ` of ${unit}` : ''}` }),
  );
}

/** Requests a server sends itself at start to warm its serving path (site/serving-path-warm-up.ts). */
const DEFAULT_WARM_UP_REQUESTS = 2_000;

/** Every environment variable the server reads; `.env.example` documents the same list. */
export class EnvironmentVariables {
  @WholeNumber(1, 65535, 3000)
  PORT = 3000;

  @IsOptional()
  @Matches(HTTP_URL, { message: 'PUBLIC_URL must be an http(s) URL such as https://blog.example.com' })
  PUBLIC_URL?: string;

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/[^\s]+$/, { message: 'DATABASE_URL must be a postgres:// URL (leave it unset to use SQLite)' })
  DATABASE_URL?: string;

  @IsString()
  DATA_DIR = 'data';

  @IsOptional()
  @MinLength(32, { message: 'SESSION_SECRET must be at least 32 characters' })
  SESSION_SECRET?: string;

  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsOptional()
  @IsString()
  MAIL_FROM?: string;

  @Transform(toBoolean)
  @IsBoolean()
  ALLOW_REGISTRATION = false;

  /** The first account's setup code on a blog reachable from outside; unset: the server makes one and logs it. */
  @IsOptional()
  @MinLength(12, { message: 'SETUP_CODE must be at least 12 characters (leave it unset and the server makes one)' })
  SETUP_CODE?: string;

  @Transform(toBoolean)
  @IsBoolean()
  TRUST_PROXY = false;

  @Transform(toBoolean)
  @IsBoolean()
  SERVE_SOURCE_MAPS = false;

  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV?: string;

  @WholeNumber(100, 3_600_000, 30_000, 'milliseconds')
  SCHEDULER_INTERVAL_MS = 30_000;

  @WholeNumber(1_000, 3_600_000, 60_000, 'milliseconds')
  NEWSLETTER_LEASE_MS = 60_000;

  /**
   * Hosts on private addresses the server may reach all the same (docs/decisions/033): comma-separated `host` or
   * `host:port` entries, e.g. the old blog an import fetches its images from, or a Mastodon, on the operator's own
   * network. Unset: none, so no image of an export, no actor, object URL or inbox can make the server call into a
   * private network (SSRF). Tests name their in-process servers here.
   */
  @IsOptional()
  @Matches(/^\s*[\w.:[\]-]+(\s*,\s*[\w.:[\]-]+)*\s*$/, {
    message: 'OUTBOUND_ALLOW_PRIVATE_HOSTS must be comma-separated host or host:port entries',
  })
  OUTBOUND_ALLOW_PRIVATE_HOSTS?: string;

  @WholeNumber(1_000, 3_600_000, 60_000, 'milliseconds')
  FEDERATION_LEASE_MS = 60_000;

  @WholeNumber(10, 3_600_000, 60_000, 'milliseconds')
  FEDERATION_RETRY_BASE_MS = 60_000;

  /** Where the built frontend is (client/ and server/ inside): another build than the checkout's own, if set. */
  @IsOptional()
  @IsString()
  FRONTEND_DIR?: string;

  /** The memory the server plans for (config/memory-budget.ts); unset: half of the machine's or container's, at most 256. */
  @IsOptional()
  @WholeNumber(MIN_MEMORY_MB, 1_048_576, DEFAULT_MEMORY_MB, 'megabytes')
  MEMORY_MB?: number;

  /** Unset: what the memory budget leaves for pages. */
  @IsOptional()
  @WholeNumber(0, 65_536, 0, 'megabytes')
  PAGE_MEMORY_MB?: number;

  @WholeNumber(1, 10_000, 32, 'renders')
  RENDER_QUEUE_MAX = 32;

  @WholeNumber(100, 600_000, 10_000, 'milliseconds')
  RENDER_DEADLINE_MS = 10_000;

  /** Unset: 2,000 (none under NODE_ENV=test, whose servers start by the hundred). */
  @IsOptional()
  @WholeNumber(0, 100_000, DEFAULT_WARM_UP_REQUESTS, 'requests')
  WARM_UP_REQUESTS?: number;

  @IsOptional()
  // AWS's rules for bucket names: 3-63 lower-case letters, digits, dots and hyphens.
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
    message: 'S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)',
  })
  S3_BUCKET?: string;

  @IsOptional()
  @Matches(HTTP_URL, { message: 'S3_ENDPOINT must be an http(s) URL such as http://object-store:8333 (leave it unset for AWS S3)' })
  S3_ENDPOINT?: string;

  @IsString()
  S3_REGION = 'us-east-1';

  @IsOptional()
  @IsString()
  S3_ACCESS_KEY_ID?: string;

  @IsOptional()
  @IsString()
  S3_SECRET_ACCESS_KEY?: string;

  @Transform(toBoolean)
  @IsBoolean()
  S3_FORCE_PATH_STYLE = false;

  @IsOptional()
  @Matches(HTTP_URL, { message: 'S3_PUBLIC_URL must be an http(s) URL such as https://cdn.example.com/uploads' })
  S3_PUBLIC_URL?: string;
}

/** Variables that only mean something with S3_BUCKET: set without it, they are a mistake worth saying. */
const S3_ONLY = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const;

function s3Problems(vars: EnvironmentVariables): string[] {
  if (!vars.S3_BUCKET) return S3_ONLY.filter((name) => vars[name]).map((name) => `${name} is set but S3_BUCKET is not`);
  if (Boolean(vars.S3_ACCESS_KEY_ID) !== Boolean(vars.S3_SECRET_ACCESS_KEY)) {
    return ['S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together'];
  }
  return [];
}

export type DatabaseConfig = { type: 'sqlite'; file: string } | { type: 'postgres'; url: string };

/** An S3-compatible bucket for uploads (docs/decisions/008). */
export interface S3Config {
  bucket: string;
  /** Unset = AWS S3 for the region. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (most self-hosted servers need it). */
  forcePathStyle: boolean;
  /** Where browsers fetch uploads from (the bucket's or a CDN's address); unset = served by the app. */
  publicUrl?: string;
}

export interface AppConfig {
  port: number;
  publicUrl?: string;
  dataDir: string;
  /** The uploads folder on disk; not used for uploads when `s3` is set. */
  uploadsDir: string;
  /** Uploads go to this bucket instead of `uploadsDir`. */
  s3?: S3Config;
  outboxDir: string;
  database: DatabaseConfig;
  sessionSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  allowRegistration: boolean;
  /** SETUP_CODE: the first account's setup code chosen by the operator (setup-code.ts). */
  setupCode?: string;
  trustProxy: boolean;
  /** The build's source maps are public only when asked for (they show the whole source). */
  serveSourceMaps: boolean;
  /** How often the scheduler looks for scheduled posts whose time has come. */
  schedulerIntervalMs: number;
  /** How long an instance's claim on a newsletter send lasts unrenewed: after a crash, the wait before another resumes it. */
  newsletterLeaseMs: number;
  /** Private hosts (`host` or `host:port`, lower-case) requests to given URLs may reach; none by default. */
  outboundAllowedPrivateHosts: string[];
  /** How long an instance's claim on a fediverse delivery or queued activity lasts unrenewed. */
  federationLeaseMs: number;
  /** The wait before a failed delivery's first retry; each next one waits twice as long (at most 12 hours). */
  federationRetryBaseMs: number;
  /** What the process plans to use of memory, pages kept in memory included (pagesMb: 0 for none). */
  memory: MemoryBudget;
  /** How many readers' page renders may wait at once; past that a request is answered 503 with Retry-After. */
  renderQueueMax: number;
  /** How long one page render may take before it fails (served stale, or 503) and its worker is replaced. */
  renderDeadlineMs: number;
  /** How many requests for stored pages the server sends itself once its page store is ready (0: none). */
  warmUpRequests: number;
  /** The built frontend (FRONTEND_DIR, absolute); undefined: the checkout's frontend/dist. */
  frontendDir?: string;
  isTest: boolean;
}

/** Thrown for a configuration mistake; main prints its message as one line and exits with code 1. */
export class ConfigError extends Error {}

/** A secret that survives restarts without being configured: generated once and kept in DATA_DIR. */
function persistentSessionSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const vars = plainToInstance(EnvironmentVariables, defined, { exposeDefaultValues: true });
  const errors = validateSync(vars, { skipMissingProperties: false, stopAtFirstError: true });
  const messages = [...errors.flatMap((error) => Object.values(error.constraints ?? {})), ...(errors.length ? [] : s3Problems(vars))];
  if (messages.length > 0) {
    throw new ConfigError(`Invalid configuration: ${messages.join('; ')}`);
  }

  const dataDir = isAbsolute(vars.DATA_DIR) ? vars.DATA_DIR : resolve(process.cwd(), vars.DATA_DIR);
  const uploadsDir = join(dataDir, 'uploads');
  const outboxDir = join(dataDir, 'outbox');
  for (const dir of [dataDir, uploadsDir, outboxDir]) mkdirSync(dir, { recursive: true });

  return {
    port: vars.PORT,
    publicUrl: vars.PUBLIC_URL?.replace(/\/+$/, ''),
    dataDir,
    uploadsDir,
    s3: vars.S3_BUCKET
      ? {
          bucket: vars.S3_BUCKET,
          endpoint: vars.S3_ENDPOINT,
          region: vars.S3_REGION,
          accessKeyId: vars.S3_ACCESS_KEY_ID,
          secretAccessKey: vars.S3_SECRET_ACCESS_KEY,
          forcePathStyle: vars.S3_FORCE_PATH_STYLE,
          publicUrl: vars.S3_PUBLIC_URL?.replace(/\/+$/, ''),
        }
      : undefined,
    outboxDir,
    database: vars.DATABASE_URL ? { type: 'postgres', url: vars.DATABASE_URL } : { type: 'sqlite', file: join(dataDir, 'blog.sqlite') },
    sessionSecret: vars.SESSION_SECRET ?? persistentSessionSecret(dataDir),
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? 'Mudawwana <no-reply@localhost>',
    allowRegistration: vars.ALLOW_REGISTRATION,
    setupCode: vars.SETUP_CODE,
    trustProxy: vars.TRUST_PROXY,
    serveSourceMaps: vars.SERVE_SOURCE_MAPS,
    schedulerIntervalMs: vars.SCHEDULER_INTERVAL_MS,
    newsletterLeaseMs: vars.NEWSLETTER_LEASE_MS,
    outboundAllowedPrivateHosts: (vars.OUTBOUND_ALLOW_PRIVATE_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    federationLeaseMs: vars.FEDERATION_LEASE_MS,
    federationRetryBaseMs: vars.FEDERATION_RETRY_BASE_MS,
    memory: processMemoryBudget({ totalMb: vars.MEMORY_MB, pagesMb: vars.PAGE_MEMORY_MB }),
    renderQueueMax: vars.RENDER_QUEUE_MAX,
    renderDeadlineMs: vars.RENDER_DEADLINE_MS,
    warmUpRequests: vars.WARM_UP_REQUESTS ?? (vars.NODE_ENV === 'test' ? 0 : DEFAULT_WARM_UP_REQUESTS),
    frontendDir: vars.FRONTEND_DIR && resolve(process.cwd(), vars.FRONTEND_DIR),
    isTest: vars.NODE_ENV === 'test',
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');

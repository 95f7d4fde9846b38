import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';

const toBoolean = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? ['true', '1', 'yes'].includes(value.trim().toLowerCase()) : value;

/** Every environment variable the server reads; `.env.example` documents the same list. */
export class EnvironmentVariables {
  @Transform(({ value }) => (value === undefined || value === '' ? 3000 : Number(value)))
  // Checked bottom-up and only the first failure of each variable is reported: "whole number" before the range.
  @Max(65535, { message: 'PORT must be between 1 and 65535' })
  @Min(1, { message: 'PORT must be between 1 and 65535' })
  @IsInt({ message: 'PORT must be a whole number' })
  PORT = 3000;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/.*)?$/, { message: 'PUBLIC_URL must be an http(s) URL such as https://blog.example.com' })
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

  @Transform(toBoolean)
  @IsBoolean()
  TRUST_PROXY = false;

  @Transform(toBoolean)
  @IsBoolean()
  SERVE_SOURCE_MAPS = false;

  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV?: string;
}

export type DatabaseConfig = { type: 'sqlite'; file: string } | { type: 'postgres'; url: string };

export interface AppConfig {
  port: number;
  publicUrl?: string;
  dataDir: string;
  uploadsDir: string;
  outboxDir: string;
  database: DatabaseConfig;
  sessionSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  allowRegistration: boolean;
  trustProxy: boolean;
  /** The build's source maps are public only when asked for (they show the whole source). */
  serveSourceMaps: boolean;
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
  if (errors.length > 0) {
    const messages = errors.flatMap((error) => Object.values(error.constraints ?? {}));
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
    outboxDir,
    database: vars.DATABASE_URL ? { type: 'postgres', url: vars.DATABASE_URL } : { type: 'sqlite', file: join(dataDir, 'blog.sqlite') },
    sessionSecret: vars.SESSION_SECRET ?? persistentSessionSecret(dataDir),
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? 'Mudawwana <no-reply@localhost>',
    allowRegistration: vars.ALLOW_REGISTRATION,
    trustProxy: vars.TRUST_PROXY,
    serveSourceMaps: vars.SERVE_SOURCE_MAPS,
    isTest: vars.NODE_ENV === 'test',
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');

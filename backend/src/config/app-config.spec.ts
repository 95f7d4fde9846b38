import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app-config';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'mudawwana-config-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig defaults', () => {
  it('uses port 3000, SQLite in DATA_DIR, closed registration and creates the data folders', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      dataDir,
      uploadsDir: join(dataDir, 'uploads'),
      outboxDir: join(dataDir, 'outbox'),
      database: { type: 'sqlite', file: join(dataDir, 'blog.sqlite') },
      allowRegistration: false,
      trustProxy: false,
      isTest: false,
      mailFrom: 'Mudawwana <no-reply@localhost>',
    });
    expect(config.publicUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(statSync(config.uploadsDir).isDirectory()).toBe(true);
    expect(statSync(config.outboxDir).isDirectory()).toBe(true);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, database: { type: 'sqlite' } });
  });

  it('reads the variables that are set', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '8080',
      PUBLIC_URL: 'https://blog.example.com/',
      DATABASE_URL: 'postgres://user:pw@db:5432/blog',
      ALLOW_REGISTRATION: 'true',
      TRUST_PROXY: '1',
      NODE_ENV: 'test',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://blog.example.com',
      database: { type: 'postgres', url: 'postgres://user:pw@db:5432/blog' },
      allowRegistration: true,
      trustProxy: true,
      isTest: true,
    });
  });
});

describe('loadConfig refuses a bad configuration with one clear message', () => {
  it.each(['abc', '0', '70000', '80.5'])('PORT=%s', (port) => {
    expect(configError({ PORT: port }).message).toBe(
      port === 'abc' || port === '80.5'
        ? 'Invalid configuration: PORT must be a whole number'
        : 'Invalid configuration: PORT must be between 1 and 65535',
    );
  });

  it.each([
    ['RENDER_QUEUE_MAX', 'many', 'RENDER_QUEUE_MAX must be a whole number of renders'],
    ['RENDER_QUEUE_MAX', '0', 'RENDER_QUEUE_MAX must be between 1 and 10000'],
    ['SCHEDULER_INTERVAL_MS', '99', 'SCHEDULER_INTERVAL_MS must be between 100 and 3600000'],
    ['PAGE_MEMORY_MB', '1.5', 'PAGE_MEMORY_MB must be a whole number of megabytes'],
  ])('%s=%s', (name, value, message) => {
    expect(configError({ [name]: value }).message).toBe(`Invalid configuration: ${message}`);
  });

  it('a DATABASE_URL that is not postgres://', () => {
    expect(configError({ DATABASE_URL: 'mysql://localhost/blog' }).message).toBe(
      'Invalid configuration: DATABASE_URL must be a postgres:// URL (leave it unset to use SQLite)',
    );
  });

  it('several mistakes are listed together', () => {
    expect(configError({ PORT: '0', DATABASE_URL: 'nope', PUBLIC_URL: 'blog.example.com' }).message).toBe(
      'Invalid configuration: PORT must be between 1 and 65535; PUBLIC_URL must be an http(s) URL such as https://blog.example.com; DATABASE_URL must be a postgres:// URL (leave it unset to use SQLite)',
    );
  });

  it('a short SESSION_SECRET', () => {
    expect(configError({ SESSION_SECRET: 'short' }).message).toBe('Invalid configuration: SESSION_SECRET must be at least 32 characters');
  });
});

describe('uploads storage', () => {
  it('is the disk (no s3) without S3_BUCKET', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).s3).toBeUndefined();
  });

  it('is a bucket with S3_BUCKET, with the region defaulted and the public URL without trailing slash', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      S3_BUCKET: 'mudawwana',
      S3_ENDPOINT: 'http://object-store:8333',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://cdn.example.com/blog/',
    });
    expect(config.s3).toEqual({
      bucket: 'mudawwana',
      endpoint: 'http://object-store:8333',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.com/blog',
    });
  });

  it.each([
    [{ S3_BUCKET: 'No_Such' }, 'S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)'],
    [
      { S3_BUCKET: 'blog', S3_ENDPOINT: 'object-store:8333' },
      'S3_ENDPOINT must be an http(s) URL such as http://object-store:8333 (leave it unset for AWS S3)',
    ],
    [{ S3_ENDPOINT: 'http://object-store:8333' }, 'S3_ENDPOINT is set but S3_BUCKET is not'],
    [{ S3_BUCKET: 'blog', S3_ACCESS_KEY_ID: 'key' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together'],
  ])('refuses %j', (env, message) => {
    expect(configError(env).message).toBe(`Invalid configuration: ${message}`);
  });
});

describe('session secret', () => {
  it('uses SESSION_SECRET when set, without writing a file', () => {
    const secret = 's'.repeat(32);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: secret }).sessionSecret).toBe(secret);
    expect(() => statSync(join(dataDir, 'session-secret'))).toThrow();
  });

  it('is generated once into DATA_DIR (owner-only) and reused on the next start', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    const file = join(dataDir, 'session-secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });

  it('differs between two data folders', () => {
    const other = mkdtempSync(join(tmpdir(), 'mudawwana-config-'));
    try {
      expect(loadConfig({ DATA_DIR: other }).sessionSecret).not.toBe(loadConfig({ DATA_DIR: dataDir }).sessionSecret);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/common/error-codes';
import { accessSentence, TAG_DOCS } from '../../src/openapi/openapi';
import { SCHEMA_EXAMPLES } from '../../src/openapi/schema-examples';
import { sharedTestApp } from '../support/test-app';

interface Schema {
  type?: string;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  example?: unknown;
  enum?: string[];
  allOf?: unknown[];
  $ref?: string;
}
interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string }[];
  security?: Record<string, string[]>[];
  'x-public'?: boolean;
  'x-session-only'?: boolean;
}
interface Document {
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Record<string, string>> };
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** Which JSON type a value has, in OpenAPI's words. */
function jsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value === 'number' ? 'number' : typeof value;
}

/** What is wrong with an example for its schema: missing required properties, unknown ones, wrong types. */
function exampleProblems(example: Record<string, unknown>, schema: Schema): string[] {
  const properties = schema.properties ?? {};
  const problems = (schema.required ?? []).filter((name) => !(name in example)).map((name) => `missing ${name}`);
  for (const [name, value] of Object.entries(example)) {
    const property = properties[name];
    if (!property) problems.push(`unknown ${name}`);
    else if (value === null && !property.nullable && property.type) problems.push(`${name} is null`);
    else if (value !== null && property.type && jsonType(value) !== (property.type === 'integer' ? 'number' : property.type)) {
      problems.push(`${name} is a ${jsonType(value)}, not a ${property.type}`);
    }
  }
  return problems;
}

describe('the OpenAPI document, for developers outside the project', () => {
  const t = sharedTestApp();
  let document: Document;
  let operations: { method: string; path: string; operation: Operation }[];

  beforeAll(async () => {
    document = (await t.agent().get('/api/docs-json').expect(200)).body;
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => HTTP_METHODS.has(method))
        .map(([method, operation]) => ({ method, path, operation })),
    );
  });

  it('gives every operation a summary and a description', () => {
    const undocumented = operations
      .filter(({ operation }) => !operation.summary?.trim() || !operation.description?.trim())
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(undocumented).toEqual([]);
    expect(operations.length).toBeGreaterThanOrEqual(40);
  });

  it('ends the description of every route that is not open to anyone with who may call it, said once', () => {
    for (const { method, path, operation } of operations) {
      const who = accessSentence(operation);
      if (!who) continue;
      expect(operation.description?.endsWith(` ${who}`), `${method} ${path}`).toBe(true);
      expect(operation.description?.split(who).length, `${method} ${path}: said once`).toBe(2);
    }
    expect(document.paths['/api/tokens'].post.description).toContain('an API token gets 403 `SESSION_REQUIRED`');
    expect(document.paths['/api/login'].post.description).toContain('For a person in a browser');
    expect(document.paths['/api/upload'].post.description).toContain('Needs a signed-in session or an API token');
    expect(document.paths['/api/health'].get.description).not.toContain('signed-in');
  });

  it('describes every tag an operation uses', () => {
    const described = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
    const used = new Set(operations.flatMap(({ operation }) => operation.tags ?? []));
    expect([...used].filter((tag) => !described.get(tag))).toEqual([]);
    expect(Object.keys(TAG_DOCS).sort()).toEqual([...used].sort());
  });

  it('names the servers', () => {
    expect(document.servers?.map((server) => server.url)).toEqual(['/', '{origin}']);
  });

  it('has no two paths that differ only in a parameter name, and every path parameter is declared', () => {
    const shapes = Object.keys(document.paths).map((path) => path.replace(/\{[^}]+\}/g, '{}'));
    expect(shapes.filter((shape, index) => shapes.indexOf(shape) !== index)).toEqual([]);
    for (const { method, path, operation } of operations) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
      const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
      expect(declared.sort(), `${method} ${path}`).toEqual(inPath);
    }
    // The routes SPEC §7 fixes: a post is read by slug and saved by id at the same address.
    expect(Object.keys(document.paths['/api/posts/{idOrSlug}']).sort()).toEqual(['delete', 'get', 'put']);
    expect(document.paths['/api/posts/id/{id}'].get.operationId).toBe('getPostById');
  });

  it('declares the bearer scheme, taken by every signed-in route except the session-only ones', () => {
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const { method, path, operation } of operations) {
      const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      expect(schemes.includes('bearer'), `${method} ${path}`).toBe(!operation['x-session-only']);
      expect(schemes, `${method} ${path}`).toContain('session');
    }
    const sessionOnly = operations.filter(({ operation }) => operation['x-session-only']).map(({ operation }) => operation.operationId);
    expect(sessionOnly.sort()).toEqual(
      [
        'createApiToken',
        'forgotPassword',
        'getCurrentUser',
        'listApiTokens',
        'logInFromForm',
        'login',
        'logout',
        'register',
        'registerFromForm',
        'registrationStatus',
        'resetPassword',
        'revokeApiToken',
      ].sort(),
    );
  });

  it('lists every error code as the enum of ErrorDto.code', () => {
    expect(document.components.schemas.ErrorCode.enum).toEqual(Object.keys(ERROR_CODES));
  });

  it.each(Object.keys(SCHEMA_EXAMPLES))('gives %s an example that fits its schema', (name) => {
    const schema = document.components.schemas[name];
    expect(schema?.example, name).toEqual(SCHEMA_EXAMPLES[name]);
    expect(exampleProblems(schema.example as Record<string, unknown>, schema)).toEqual([]);
  });

  it('tells clients where the published total is', () => {
    const list = document.paths['/api/posts'].get;
    expect(list.description).toContain('X-Total-Count');
    expect(list.description).toContain('/api/posts/counts');
    expect(document.components.schemas.PostCountsDto.required).toContain('published');
  });
});

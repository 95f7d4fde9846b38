import fc from 'fast-check';

/** The parts of an OpenAPI 3 document the fuzzer reads. */
type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  allOf?: Schema[];
  oneOf?: Schema[];
  nullable?: boolean;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema?: Schema };
type Operation = { operationId: string; parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } };
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

export interface FuzzOperation {
  id: string;
  method: 'get' | 'post' | 'put' | 'delete';
  /** e.g. /api/posts/{id} */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: { mediaType: string; schema: Schema };
}

/** A request ready to send: path already filled in and encoded. */
export interface FuzzRequest {
  operation: string;
  method: FuzzOperation['method'];
  url: string;
  /** JSON body text, or the bytes of an upload (multipart operations). */
  json?: string;
  upload?: { bytes: Buffer; filename: string; contentType: string };
}

export function fuzzOperations(document: OpenApiDocument): FuzzOperation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const [mediaType, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      return {
        id: operation.operationId,
        method: method as FuzzOperation['method'],
        path,
        pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path'),
        queryParams: (operation.parameters ?? []).filter((p) => p.in === 'query'),
        body: mediaType ? { mediaType, schema: content.schema } : undefined,
      };
    }),
  );
}

/** Text an attacker or a careless client sends: Arabic, bidi controls, markup, NUL, lone surrogates, huge, numeric lookalikes. */
const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'مرحبا بالعالم',
    'Hello مرحبا 123',
    '\u202Eevil\u202C',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    "' OR 1=1 --",
    'a\u0000b',
    'a\ud800b',
    '../../etc/passwd',
    '0x1',
    '1e3',
    '-1',
    '99999999999999999999',
    'NaN',
    'null',
    'true',
    '%00',
    'x'.repeat(10_000),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Any JSON value a client could send. */
const anyJson = fc.jsonValue({ maxDepth: 3 });

/** JSON text nested thousands of levels deep (as text: building it as a value would overflow the test's own stack). */
const deeplyNested = fc.integer({ min: 33, max: 5_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth));

function resolve(document: OpenApiDocument, schema: Schema): Schema {
  if (schema.$ref) return resolve(document, document.components.schemas[schema.$ref.split('/').pop() as string]);
  if (schema.allOf?.length === 1) return resolve(document, schema.allOf[0]);
  return schema;
}

/** Values that fit the schema most of the time, and anything at all the rest of the time. */
export function valueFor(document: OpenApiDocument, raw: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(document, raw);
  const fitting = fittingValueFor(document, schema, depth);
  return fc.oneof({ arbitrary: fitting, weight: 6 }, { arbitrary: hostileText, weight: 2 }, { arbitrary: anyJson, weight: 1 });
}

function fittingValueFor(document: OpenApiDocument, schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.oneOf?.length) return fc.oneof(...schema.oneOf.map((s) => fittingValueFor(document, resolve(document, s), depth)));
  switch (schema.type) {
    case 'integer':
    case 'number':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 100, 1_000_000) }),
        fc.constantFrom(0, -1, 1.5, 2 ** 31, Number.MAX_SAFE_INTEGER),
      );
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items && depth < 3 ? valueFor(document, schema.items, depth + 1) : anyJson, { maxLength: 6 });
    case 'object': {
      if (!schema.properties || depth >= 3) return fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 3 });
      const fields = Object.fromEntries(Object.entries(schema.properties).map(([name, s]) => [name, valueFor(document, s, depth + 1)]));
      return fc.record(fields, { requiredKeys: [] });
    }
    case 'string':
    default:
      if (schema.format === 'date-time')
        return fc.oneof(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          fc.constant('2026-02-30'),
        );
      if (schema.format === 'email') return fc.oneof(fc.emailAddress(), fc.constant('a\ud800@example.com'));
      if (schema.format === 'uri') return fc.oneof(fc.webUrl(), fc.constant('javascript:alert(1)'));
      return fc.oneof(fc.string({ maxLength: Math.min(schema.maxLength ?? 60, 60) }), fc.lorem({ maxCount: 5 }));
  }
}

/**
 * Path parameter values: ids and slugs that exist, that do not, and that only look like numbers. Told apart by the
 * parameter's type, not its name: one path takes a slug for GET and an id for PUT (`/api/posts/{idOrSlug}`).
 */
function pathValue(known: { ids: number[]; slugs: string[] }, parameter: Parameter): fc.Arbitrary<string> {
  const isId = parameter.schema?.type === 'number' || parameter.schema?.type === 'integer';
  const existing = isId ? fc.constantFrom(...known.ids.map(String)) : fc.constantFrom(...known.slugs);
  return fc.oneof(
    { arbitrary: existing, weight: 4 },
    { arbitrary: fc.integer({ min: -5, max: 100_000 }).map(String), weight: 1 },
    { arbitrary: hostileText, weight: 2 },
  );
}

const uploadBytes = fc.oneof(
  fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.alloc(0)),
  fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
);

/** The first property of a body schema, where deep nesting goes (so it reaches the validator, not only the parser). */
function firstField(document: OpenApiDocument, schema: Schema): string {
  return Object.keys(resolve(document, schema).properties ?? { value: {} })[0];
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Like encodeURIComponent, but a lone surrogate (which it refuses) goes out as the raw bytes a hostile client sends. */
function encodePathSegment(value: string): string {
  return value.split(LONE_SURROGATE).map(encodeURIComponent).join('%ED%A0%80');
}

/** A multipart upload of junk or hostile bytes, or a JSON body that fits, does not fit, or is nested thousands deep. */
function bodyFor(document: OpenApiDocument, body: NonNullable<FuzzOperation['body']>): fc.Arbitrary<Pick<FuzzRequest, 'json' | 'upload'>> {
  if (body.mediaType.startsWith('multipart/')) {
    const filename = fc.constantFrom('a.png', 'a.jpg', 'x.svg', 'صورة.webp', '');
    const contentType = fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml', 'text/html');
    return fc.record({ upload: fc.record({ bytes: uploadBytes, filename, contentType }) });
  }
  const json = fc.oneof(
    { arbitrary: valueFor(document, body.schema).map((value) => JSON.stringify(value)), weight: 8 },
    { arbitrary: anyJson.map((value) => JSON.stringify(value)), weight: 1 },
    { arbitrary: deeplyNested.map((nested) => `{"${firstField(document, body.schema)}":${nested}}`), weight: 1 },
  );
  return json.map((text) => ({ json: text }));
}

export function requestFor(
  document: OpenApiDocument,
  operation: FuzzOperation,
  known: { ids: number[]; slugs: string[] },
): fc.Arbitrary<FuzzRequest> {
  const pathParams = fc.record(Object.fromEntries(operation.pathParams.map((p) => [p.name, pathValue(known, p)])));
  const query = fc.record(Object.fromEntries(operation.queryParams.map((p) => [p.name, valueFor(document, p.schema ?? {})])), {
    requiredKeys: [],
  });
  const body = operation.body ? bodyFor(document, operation.body) : fc.constant({});
  return fc.tuple(pathParams, query, body).map(([params, queryValues, parts]) => {
    const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodePathSegment(params[name]));
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(queryValues)) search.set(name, typeof value === 'string' ? value : JSON.stringify(value));
    const url = search.size ? `${path}?${search.toString()}` : path;
    return { operation: operation.id, method: operation.method, url, ...parts };
  });
}

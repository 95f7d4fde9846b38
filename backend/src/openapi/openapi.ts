import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { SESSION_COOKIE } from '../auth/session';
import { SCHEMA_EXAMPLES } from './schema-examples';

const SESSION_SCHEME = 'session';
const BEARER_SCHEME = 'bearer';

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

interface Parameter {
  name: string;
  in: string;
  description?: string;
}
interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  'x-public'?: boolean;
  'x-session-only'?: boolean;
  security?: SecurityRequirement[];
}
type SecurityRequirement = Record<string, string[]>;
type PathItem = Record<string, Operation>;

const DESCRIPTION = `The API of Mudawwana, an Arabic, right-to-left personal blog: posts, categories, static pages, settings and uploads.

**Signing in.** A browser signs in with \`POST /api/login\` and carries the session cookie. A script uses a personal access
token instead: create one in the admin (Profile → رموز الوصول) or with \`POST /api/tokens\`, and send it as
\`Authorization: Bearer mdw_…\`. A token can do everything a session can, except manage tokens, sign in or out,
change the password and open the admin (403 \`SESSION_REQUIRED\`). Use **Authorize** above to try calls with a token.

**Errors** are JSON: \`{ statusCode, message, error, code, requestId }\`. Branch on \`code\` (see ErrorCode); the
\`message\` is for people. \`requestId\` (also the \`X-Request-Id\` header) matches the server's log.

**Lists** are paginated with \`limit\` and \`offset\`; totals come from \`GET /api/posts/counts\` (and the
\`X-Total-Count\` header of \`GET /api/posts\`).`;

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
  comments:
    "Reader comments: a post's approved comments, commenting anonymously with a proof-of-work challenge (or the HTML form without JavaScript), and (signed in) moderation, replies and the comment settings.",
  redirects:
    'Redirects from old addresses (a blog moved here from WordPress, Blogger or Ghost, a changed address) to new ones: 301 or 302, answered where the blog has no page of its own.',
  import:
    'Importing a WordPress (WXR), Blogger (Atom) or Ghost (JSON) export: posts, pages, terms, comments and images, every old address redirected (301), run in the background with its progress and report.',
  export:
    "The whole blog in a file another platform imports (WordPress's WXR), so that an author can always leave with everything.",
  federation:
    "The blog as a fediverse (ActivityPub) account, the author's side: the handle and follow approval, followers (approve, remove), deliveries of posts to their servers (state, retry), blocked servers and accounts, and a post's like and boost counts. The protocol itself (WebFinger, the actor, the inbox) is served outside /api.",
  health: 'Liveness and database health for monitors.',
};

/**
 * Who may call an operation. A session cookie or an API token, except on session-only routes; public routes
 * take either too (they show the author more, drafts for instance), or nothing (`{}`).
 */
function securityOf(operation: Operation): SecurityRequirement[] {
  const session: SecurityRequirement = { [SESSION_SCHEME]: [] };
  const schemes = operation['x-session-only'] ? [session] : [session, { [BEARER_SCHEME]: [] }];
  return operation['x-public'] ? [{}, ...schemes] : schemes;
}

const SIGN_IN = 'Needs a signed-in session or an API token (`Authorization: Bearer mdw_…`).';
const SESSION_ONLY = 'Needs a signed-in session: an API token gets 403 `SESSION_REQUIRED`.';
const FOR_A_PERSON =
  'For a person in a browser: a request with an API token gets 403 `SESSION_REQUIRED`. Unsafe requests from a browser must come from the blog itself (`Origin`), or get 403 `CROSS_SITE_REQUEST`.';

/**
 * The sentence that ends an operation's description and says who may call it, read from the marks the SessionGuard
 * obeys (@Public() is `x-public`, @SessionOnly() is `x-session-only`) rather than written by hand on each @Endpoint:
 * signed-in routes take a session or a token, session-only ones a session, and the public session-only ones (signing
 * in, registering, the password) are for a person in a browser. Public routes open to anyone say nothing.
 */
export function accessSentence(operation: Pick<Operation, 'x-public' | 'x-session-only'>): string | undefined {
  if (operation['x-session-only']) return operation['x-public'] ? FOR_A_PERSON : SESSION_ONLY;
  return operation['x-public'] ? undefined : SIGN_IN;
}

const PATH_PARAMETER = /\{([^}]+)\}/g;
const parameterNames = (path: string) => [...path.matchAll(PATH_PARAMETER)].map((match) => match[1]);
/** ['id', 'slug'] → 'idOrSlug' */
const jointName = (names: string[]) => names.reduce((joint, name) => `${joint}Or${name[0].toUpperCase()}${name.slice(1)}`);

/**
 * OpenAPI forbids paths that differ only in a parameter's name, and this API has them because SPEC §7 fixes the
 * URLs: `GET /api/posts/{slug}` reads a post where `PUT /api/posts/{id}` saves one. Such paths become one path item
 * whose parameter is named after both (`{idOrSlug}`); each operation keeps its own type and says which it takes.
 */
function mergeIdenticalPaths(paths: Record<string, PathItem>): Record<string, PathItem> {
  const groups = new Map<string, string[]>();
  for (const path of Object.keys(paths)) {
    const shape = path.replace(PATH_PARAMETER, '{}');
    groups.set(shape, [...(groups.get(shape) ?? []), path]);
  }
  const merged: Record<string, PathItem> = {};
  for (const group of groups.values()) {
    if (group.length === 1) {
      merged[group[0]] = paths[group[0]];
      continue;
    }
    const names = group.map(parameterNames);
    const joint = names[0].map((_, position) => jointName([...new Set(names.map((own) => own[position]))].sort()));
    let position = 0;
    const mergedPath = group[0].replace(PATH_PARAMETER, () => `{${joint[position++]}}`);
    const item: PathItem = (merged[mergedPath] = {});
    group.forEach((path, index) => {
      for (const [method, operation] of Object.entries(paths[path])) {
        if (item[method]) throw new Error(`${method.toUpperCase()} ${mergedPath} is defined twice`);
        item[method] = operation;
        for (const parameter of operation.parameters ?? []) {
          const at = parameter.in === 'path' ? names[index].indexOf(parameter.name) : -1;
          if (at < 0 || joint[at] === parameter.name) continue;
          parameter.description ??= `Here, the ${parameter.name === 'id' ? 'numeric id' : parameter.name}`;
          parameter.name = joint[at];
        }
      }
    });
  }
  return merged;
}

/** Objects with their keys sorted, so the written document only changes when the API does. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * The OpenAPI document, from the controllers' decorators. operationId is the controller method's name
 * (so the generated hooks read `useListPosts`); every operation says which credentials it takes (securityOf) and
 * has its summary and description from the @Endpoint() on its method, ended by who may call it (accessSentence); the
 * main schemas get their examples from SCHEMA_EXAMPLES.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Mudawwana API')
    .setDescription(DESCRIPTION)
    .setVersion('1.0')
    .addServer('/', 'This blog (Swagger UI at /api/docs calls the server it is served from)')
    .addServer('{origin}', 'Your blog, by its address (PUBLIC_URL)', {
      origin: { default: 'http://localhost:3000', description: 'The scheme, host and port of the blog' },
    })
    .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }, SESSION_SCHEME)
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'mdw_…',
        description: 'A personal access token, created in the admin under Profile (رموز الوصول) or with POST /api/tokens',
      },
      BEARER_SCHEME,
    );
  for (const [tag, description] of Object.entries(TAG_DOCS)) builder.addTag(tag, description);
  const document = SwaggerModule.createDocument(app, builder.build(), { operationIdFactory: (_controller, method) => method });
  const paths = mergeIdenticalPaths(document.paths as unknown as Record<string, PathItem>);
  for (const item of Object.values(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      operation.security = securityOf(operation);
      const access = accessSentence(operation);
      if (access) operation.description = operation.description ? `${operation.description} ${access}` : access;
    }
  }
  document.paths = paths as unknown as OpenAPIObject['paths'];
  for (const [name, example] of Object.entries(SCHEMA_EXAMPLES)) {
    const schema = document.components?.schemas?.[name];
    if (schema && !('$ref' in schema)) schema.example = example;
  }
  return sortKeys(document) as OpenAPIObject;
}

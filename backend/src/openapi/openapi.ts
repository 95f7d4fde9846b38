import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { SESSION_COOKIE } from '../auth/session';

const SESSION_SCHEME = 'session';
const BEARER_SCHEME = 'bearer';

interface Operation {
  'x-public'?: boolean;
  'x-session-only'?: boolean;
  security?: SecurityRequirement[];
}
type SecurityRequirement = Record<string, string[]>;

/**
 * Who may call an operation. A session cookie or an API token, except on session-only routes; public routes
 * take either too (they show the author more, drafts for instance), or nothing (`{}`).
 */
function securityOf(operation: Operation): SecurityRequirement[] {
  const session: SecurityRequirement = { [SESSION_SCHEME]: [] };
  const schemes = operation['x-session-only'] ? [session] : [session, { [BEARER_SCHEME]: [] }];
  return operation['x-public'] ? [{}, ...schemes] : schemes;
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
 * (so the generated hooks read `useListPosts`); every operation says which credentials it takes (securityOf).
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Mudawwana API')
    .setDescription('The API of an Arabic, right-to-left personal blog. Sign in with POST /api/login; the session cookie does the rest.')
    .setVersion('1.0')
    .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }, SESSION_SCHEME)
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'mdw_…',
        description: 'A personal access token, created in the admin under Profile (رموز الوصول) or with POST /api/tokens',
      },
      BEARER_SCHEME,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, { operationIdFactory: (_controller, method) => method });
  for (const path of Object.values(document.paths)) {
    for (const operation of Object.values(path) as Operation[]) {
      if (typeof operation !== 'object' || operation === null) continue;
      operation.security = securityOf(operation);
    }
  }
  return sortKeys(document) as OpenAPIObject;
}

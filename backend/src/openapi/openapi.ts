import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { SESSION_COOKIE } from '../auth/session';

const SECURITY_SCHEME = 'session';

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
 * (so the generated hooks read `useListPosts`), and every route not marked @Public() carries the session
 * cookie security requirement.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Mudawwana API')
    .setDescription('The API of an Arabic, right-to-left personal blog. Sign in with POST /api/login; the session cookie does the rest.')
    .setVersion('1.0')
    .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }, SECURITY_SCHEME)
    .build();
  const document = SwaggerModule.createDocument(app, config, { operationIdFactory: (_controller, method) => method });
  for (const path of Object.values(document.paths)) {
    for (const operation of Object.values(path) as { 'x-public'?: boolean; security?: unknown[] }[]) {
      if (typeof operation !== 'object' || operation === null) continue;
      if (!operation['x-public']) operation.security = [{ [SECURITY_SCHEME]: [] }];
    }
  }
  return sortKeys(document) as OpenAPIObject;
}

/**
 * Which API operation a GET URL is, read from the OpenAPI document's path templates (the document the app builds from
 * its controllers at start-up, the same one written to openapi/openapi.json). The backend answers a server render's
 * reads by it (site/loaders.ts) and the frontend's tests check each route's reads with it. Those reads are URLs that
 * the generated client (orval) built from these very templates, so matching them back needs no router of its own and
 * follows every change of the API. The SSR bundle could have passed the operation's name instead, but orval gives
 * the mutator only the request's config, and a per-operation mutator would have to be listed by hand for each read.
 */

/** The paths of an OpenAPI document (only what matching reads of it). */
export type OpenApiPaths = Record<string, Partial<Record<string, { operationId?: string } | unknown>>>;

/** An operation a URL matched, with its path parameters (decoded, as Nest's router gives them to a controller). */
export interface MatchedOperation {
  operationId: string;
  pathParams: Record<string, string>;
}

interface Template {
  operationId: string;
  /** A literal segment, or the name of a parameter ({idOrSlug}). */
  segments: { literal?: string; param?: string }[];
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** How many literal segments a template has: a literal wins over a parameter (/api/posts/featured over /api/posts/{idOrSlug}). */
const literals = (template: Template) => template.segments.filter((segment) => segment.literal !== undefined).length;

export function operationMatcher(paths: OpenApiPaths, method = 'get'): (url: string) => MatchedOperation | undefined {
  const templates: Template[] = [];
  for (const [path, item] of Object.entries(paths)) {
    const operationId = (item?.[method] as { operationId?: string } | undefined)?.operationId;
    if (!operationId) continue;
    const segments = path
      .split('/')
      .slice(1)
      .map((segment) => {
        const param = /^\{(.+)\}$/.exec(segment)?.[1];
        return param ? { param } : { literal: segment };
      });
    templates.push({ operationId, segments });
  }
  templates.sort((a, b) => literals(b) - literals(a));

  return (url) => {
    const segments = url.split('/').slice(1);
    for (const { operationId, segments: expected } of templates) {
      if (expected.length !== segments.length) continue;
      const pathParams: Record<string, string> = {};
      const matches = expected.every((segment, index) => {
        if (segment.literal !== undefined) return segment.literal === segments[index];
        if (!segments[index]) return false;
        pathParams[segment.param!] = decodeSegment(segments[index]);
        return true;
      });
      if (matches) return { operationId, pathParams };
    }
    return undefined;
  };
}

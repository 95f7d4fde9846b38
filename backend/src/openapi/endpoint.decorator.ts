import { ApiOperation } from '@nestjs/swagger';

/** What an API operation does, in a sentence (`summary`) and a paragraph (`description`). */
export interface EndpointDoc {
  summary: string;
  description: string;
}

/**
 * Documents an API operation for developers outside the project (Swagger UI at /api/docs, openapi/openapi.json) on
 * the controller method itself, so the text is read and changed with the code it describes. Who may call the
 * operation is not written here: the OpenAPI document adds that sentence (accessSentence in openapi.ts) from the same
 * @Public() and @SessionOnly() marks the SessionGuard obeys, so the text cannot promise what the guard refuses.
 */
export const Endpoint = ({ summary, description }: EndpointDoc): MethodDecorator => ApiOperation({ summary, description });

/** The optimistic-locking check of a save that takes only the `version` field. */
export const VERSION_CHECK =
  'Send the `version` of the record you loaded: if it has been saved since, the answer is 409 `VERSION_CONFLICT` with the record as it is now in `current`. Leave `version` out to overwrite.';

/** The optimistic-locking check of a save that takes the `version` field or an `If-Match` header. */
export const VERSION_OR_IF_MATCH_CHECK =
  'Send the `version` of the record you loaded: if it has been saved since, the answer is 409 `VERSION_CONFLICT` with the record as it is now in `current`. Or the HTTP way: send the `ETag` of the record you loaded (GET by id, or the answer to your last save) in `If-Match`, and the answer is 412 `PRECONDITION_FAILED` (with `current` and its `ETag`) if it has changed since. Send neither to overwrite.';

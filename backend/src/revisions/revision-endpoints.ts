import { applyDecorators, Get, HttpCode, Post, Type } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-errors.decorator';
import { Endpoint, VERSION_CHECK } from '../openapi/endpoint.decorator';
import { RevisionDto, RevisionSummaryDto } from './dto/revision.dto';

/** What keeps revisions: the word the documentation uses for it. */
export type RevisedKind = 'post' | 'page';

/**
 * The route, answers and documentation of the four revision operations, which posts and pages offer alike under
 * their own controller (`/api/posts/:id/…`, `/api/pages/:id/…`). The methods keep only their parameters and the call
 * to their service.
 */
export const RevisionEndpoints = {
  /** Keeps the editor's fields as an autosave revision; the record itself does not change (no domain event). */
  autosave: (kind: RevisedKind) =>
    applyDecorators(
      Post(':id/autosave'),
      Endpoint({
        summary: `Autosave a ${kind} being edited`,
        description: `Keeps the editor's fields as an \`autosave\` revision; the ${kind} itself, and what readers see, do not change. An autosave right after another replaces it.`,
      }),
      ApiCreatedResponse({ type: RevisionSummaryDto }),
      ApiErrors(400, 401, 404),
    ),

  list: (kind: RevisedKind) =>
    applyDecorators(
      Get(':id/revisions'),
      Endpoint({
        summary: `List a ${kind}'s revisions`,
        description: `Newest first: \`id\`, \`createdAt\`, \`kind\` (autosave, save, publish, restore) and \`title\`, \`limit\` at a time (50 by default, at most 100). The last 50 revisions are kept, and one a day beyond.`,
      }),
      ApiOkResponse({ type: [RevisionSummaryDto], description: 'Newest first' }),
      ApiErrors(400, 401, 404),
    ),

  read: (kind: RevisedKind) =>
    applyDecorators(
      Get(':id/revisions/:revisionId'),
      Endpoint({
        summary: `Read one revision of a ${kind}`,
        description: `Every field the revision kept; 404 \`REVISION_NOT_FOUND\` when the ${kind} has no revision with this id.`,
      }),
      ApiOkResponse({ type: RevisionDto }),
      ApiErrors(401, 404),
    ),

  /** A save of the revision's fields (a new 'restore' revision; none is deleted): the version check applies. */
  restore: (kind: RevisedKind, saved: Type) =>
    applyDecorators(
      Post(':id/revisions/:revisionId/restore'),
      Endpoint({
        summary: `Restore a revision of a ${kind}`,
        description: `Saves the revision's fields again as a new \`restore\` revision (no revision is deleted); the version rises. ${VERSION_CHECK}`,
      }),
      HttpCode(200),
      ApiOkResponse({ type: saved }),
      ApiErrors(400, 401, 404, 409),
    ),
};

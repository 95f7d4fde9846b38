import { applyDecorators, HttpException, HttpStatus } from '@nestjs/common';
import { ApiHeader, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { createHash } from 'node:crypto';
import { ErrorDto } from './dto';
import { httpError } from './error-body';
import { IsInt, IsOptional, Min } from 'class-validator';
import type { EntityManager, EntityTarget } from 'typeorm';

/** A save based on a version that is no longer the current one (someone else saved in between). */
export class StaleVersionError extends Error {
  constructor() {
    super('stale version');
  }
}

/**
 * Optimistic locking for a save based on version `expected`: bumps the row's version in one statement that only
 * matches while it is still `expected`. On PostgreSQL the statement also locks the row, so of two saves based on
 * the same version the second one waits, then matches nothing: exactly one of them wins.
 */
export async function claimVersion(
  manager: EntityManager,
  entity: EntityTarget<{ version: number }>,
  id: number,
  expected: number,
): Promise<void> {
  const result = await manager
    .createQueryBuilder()
    .update(entity)
    .set({ version: () => '"version" + 1' })
    .where('"id" = :id AND "version" = :expected', { id, expected })
    .execute();
  if (!result.affected) throw new StaleVersionError();
}

/** 409 with the record as it is now, so the editor can offer to reload it or to overwrite it. */
export function versionConflict(current: object): HttpException {
  return httpError(HttpStatus.CONFLICT, 'This was changed elsewhere since you opened it', { code: 'VERSION_CONFLICT', current });
}

/**
 * The record's strong entity tag (RFC 9110 §8.8.3): a digest of the record exactly as the API shows it, so any change
 * of what GET answers changes the tag, including changes that do not raise `version` (another post becoming the
 * featured one, a category deleted, a tag renamed).
 */
export function entityTag(record: object): string {
  return `"${createHash('sha256').update(JSON.stringify(record)).digest('base64url').slice(0, 27)}"`;
}

/** Sends the record's ETag with it (GET one, PUT): what a client sends back in If-Match. */
export function withEntityTag<T extends object>(response: Response, record: T): T {
  response.setHeader('ETag', entityTag(record));
  return record;
}

/**
 * Whether an If-Match header holds for a record whose tag is `tag` (RFC 9110 §13.1.1): `*` holds for any record,
 * otherwise one of the listed tags must be the same, compared strongly (a weak `W/"…"` tag never matches).
 */
export function ifMatchHolds(header: string, tag: string): boolean {
  const value = header.trim();
  return value === '*' || value.split(',').some((candidate) => candidate.trim() === tag);
}

/**
 * The version a write may claim when it came with these preconditions: the `version` field if sent (a 409 when
 * stale), else the version of the record whose tag If-Match named, so a save landing in between also fails (412);
 * none without them. Throws 412 with the record as it is now when If-Match does not hold.
 */
export function versionToClaim(
  current: { version: number },
  shown: object,
  basedOn: { version?: number; ifMatch?: string },
): number | undefined {
  if (basedOn.ifMatch !== undefined && !ifMatchHolds(basedOn.ifMatch, entityTag(shown))) throw preconditionFailed(shown);
  if (basedOn.version !== undefined) return basedOn.version;
  return basedOn.ifMatch !== undefined && basedOn.ifMatch.trim() !== '*' ? current.version : undefined;
}

/** What a stale save answers: 409 for an old `version` field, 412 for an If-Match that no longer holds. */
export function staleSave(current: object, basedOn: { version?: number }): HttpException {
  return basedOn.version !== undefined ? versionConflict(current) : preconditionFailed(current);
}

/** 412 with the record as it is now (and its ETag, set by the exception filter): the If-Match tag is not its tag. */
export function preconditionFailed(current: object): HttpException {
  return httpError(HttpStatus.PRECONDITION_FAILED, 'This was changed since the version your If-Match names', {
    code: 'PRECONDITION_FAILED',
    current,
  });
}

/** Documents If-Match on a PUT or DELETE, and its 412. */
export function ApiIfMatch(): MethodDecorator {
  return applyDecorators(
    ApiHeader({
      name: 'If-Match',
      required: false,
      description:
        'The ETag of the record you loaded (GET by id or an earlier save): if the record changed since, 412 PRECONDITION_FAILED with the record as it is now in `current` (and its ETag). `*` matches any existing record.',
    }),
    ApiResponse({
      status: HttpStatus.PRECONDITION_FAILED,
      description: 'If-Match does not name the current ETag',
      type: ErrorDto,
      example: {
        statusCode: 412,
        message: 'This was changed since the version your If-Match names',
        error: 'Precondition Failed',
        code: 'PRECONDITION_FAILED',
        requestId: '0b6f8c2e-4d1a-4c3e-9a57-2f0e6d8b1c44',
      },
    }),
  );
}

/** The ETag header of a GET or PUT answer, for the OpenAPI document. */
export const ETAG_HEADER = {
  ETag: {
    description: 'The strong entity tag of the record: send it in If-Match to save or delete only this version',
    schema: { type: 'string' },
  },
};

/** The `version` field of an update: the version the save is based on (optional: without it, the save overwrites). */
export function BasedOnVersion(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      minimum: 1,
      description:
        'The version this save is based on (from the record you loaded): if the record changed since, 409 VERSION_CONFLICT with the current record. Leave it out to overwrite.',
    }),
    IsOptional(),
    IsInt(),
    Min(1),
  );
}

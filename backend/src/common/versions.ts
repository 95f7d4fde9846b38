import { applyDecorators, HttpException, HttpStatus } from '@nestjs/common';
import { httpError } from './error-body';
import { ApiPropertyOptional } from '@nestjs/swagger';
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

/**
 * The admin screens' one entry to the API: the orval-generated client (hooks, plain functions, query keys,
 * models) and the mutator's error helpers. Screens import from here so the generated layout stays an implementation detail.
 */
export * from '@/api/generated';
export * from '@/api/generated/model';
export { ApiError, serverMessage } from '@/api/http';

import type { CreatePostDtoSlug, SaveCategoryDtoSlug, SavePageDtoSlug, UpdatePostDtoSlug } from '@/api/generated/model';

/**
 * The spec generator types the optional, nullable `slug` of the save DTOs as an object (the backend decorators
 * lack `type: String`); it is a plain string on the wire. Reported to the lead; remove once regenerated.
 */
export function apiSlug(slug: string | undefined): (CreatePostDtoSlug & SaveCategoryDtoSlug & SavePageDtoSlug & UpdatePostDtoSlug) | undefined {
  return slug as unknown as (CreatePostDtoSlug & SaveCategoryDtoSlug & SavePageDtoSlug & UpdatePostDtoSlug) | undefined;
}

import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '@mudawwana/rules';
import { toInt } from './transforms';

/**
 * The `limit` of a list query: a whole number from 1 to `max`, the default when left out (the service applies it),
 * and a message naming the bound when it is passed. One definition for every list, so the API's lists page alike.
 */
export function PageLimit({
  items,
  max = LIST_MAX_LIMIT,
  fallback = LIST_DEFAULT_LIMIT,
}: { items?: string; max?: number; fallback?: number } = {}) {
  return applyDecorators(
    ApiPropertyOptional({
      minimum: 1,
      maximum: max,
      default: fallback,
      ...(items ? { description: `${items} per call: ${fallback} when not given, at most ${max}` } : {}),
    }),
    IsOptional(),
    Transform(toInt),
    IsInt(),
    Min(1),
    Max(max, { message: `limit must not be greater than ${max}` }),
  );
}

/** The `offset` of a list query: how many items to skip, a whole number from 0 to `max`. */
export function PageOffset({ max = 1_000_000 }: { max?: number } = {}) {
  return applyDecorators(ApiPropertyOptional({ minimum: 0, maximum: max }), IsOptional(), Transform(toInt), IsInt(), Min(0), Max(max));
}

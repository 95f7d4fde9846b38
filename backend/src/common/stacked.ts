import { applyDecorators } from '@nestjs/common';

/**
 * Decorators listed as they would be written stacked above a member, applied as TypeScript applies such a stack:
 * from the bottom up. class-validator checks a member's validators in the order they were applied and the error
 * answer lists their messages in that order, so a shared stack answers exactly as the written-out one did.
 */
export const stacked = (...decorators: PropertyDecorator[]) => applyDecorators(...[...decorators].reverse());

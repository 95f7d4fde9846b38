import { Injectable, PipeTransform } from '@nestjs/common';
import { httpError } from './error-body';

/** The largest value of the integer id columns (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;

/**
 * A record id from the path: a whole number from 1 to MAX_ID. (Nest's ParseIntPipe lets through numbers
 * no id column can hold, which PostgreSQL then refuses with an error: a 500 instead of a 400.)
 */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!(id >= 1 && id <= MAX_ID)) {
      throw httpError(400, 'The id must be a whole number from 1 to 2147483647', { code: 'INVALID_ID' });
    }
    return id;
  }
}

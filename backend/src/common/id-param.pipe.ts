import { BadRequestException, Injectable, PipeTransform } from '@nestjs/common';

export const MAX_ID = 2_147_483_647;

/** A record id in the path: a whole number from 1 to the largest 32-bit integer (bigger ids would crash PostgreSQL, not miss). */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!(id >= 1 && id <= MAX_ID)) throw new BadRequestException(`"${value}" is not a valid id`);
    return id;
  }
}

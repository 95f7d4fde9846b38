import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsInt, Max, Min } from 'class-validator';
import { MAX_ID } from '../../common/parse-id.pipe';

export const BULK_ACTIONS = ['publish', 'unpublish', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** The most posts one bulk action takes (a dashboard page is at most this many rows). */
export const BULK_MAX_POSTS = 100;

export class BulkPostsDto {
  @ApiProperty({ enum: BULK_ACTIONS, enumName: 'BulkAction' })
  @IsIn(BULK_ACTIONS, { message: `action must be one of ${BULK_ACTIONS.join(', ')}` })
  action: BulkAction;

  @ApiProperty({ type: [Number], minItems: 1, maxItems: BULK_MAX_POSTS })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(BULK_MAX_POSTS)
  @ArrayUnique()
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_ID, { each: true })
  ids: number[];
}

export class BulkPostsResultDto {
  @ApiProperty({ enum: BULK_ACTIONS, enumName: 'BulkAction' }) action: BulkAction;
  @ApiProperty({ type: [Number], description: 'The posts the action changed (a post already in that state is left as it is)' })
  changed: number[];
}

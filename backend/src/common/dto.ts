import { ApiProperty } from '@nestjs/swagger';
import { ERROR_CODES, ErrorCode } from './error-codes';

const CODE_LIST = Object.entries(ERROR_CODES)
  .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
  .join('\n');

export class MessageDto {
  @ApiProperty({ example: 'Done' })
  message: string;
}

export class ErrorDto {
  @ApiProperty({ example: 400 })
  statusCode: number;

  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] })
  message: string | string[];

  @ApiProperty({ example: 'Bad Request' })
  error: string;

  @ApiProperty({
    required: false,
    enum: Object.keys(ERROR_CODES),
    enumName: 'ErrorCode',
    description: `What went wrong, for programs to branch on (the message is for people and may change):\n${CODE_LIST}`,
  })
  code?: ErrorCode;

  @ApiProperty({
    description: 'The id of the request (also in the X-Request-Id header), to match it with the server log',
    example: '0b6f8c2e-…',
  })
  requestId: string;

  @ApiProperty({ required: false, description: 'With 429: seconds until a new attempt is allowed (also in Retry-After)', example: 600 })
  retryAfter?: number;

  @ApiProperty({
    required: false,
    type: Object,
    description: 'With 409 VERSION_CONFLICT and 412 PRECONDITION_FAILED: the post or page as it is now (its ETag in the ETag header)',
  })
  current?: object;
}

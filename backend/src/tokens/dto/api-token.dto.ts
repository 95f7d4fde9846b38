import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsISO8601, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { trim } from '../../common/transforms';
import { ApiToken } from '../api-token.entity';

export class CreateApiTokenDto {
  @ApiProperty({ minLength: 1, maxLength: 100, description: 'What the token is for, to recognise it in the list' })
  @Transform(trim)
  @IsString()
  @MinLength(1, { message: 'Name is required' })
  @MaxLength(100)
  name: string;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the token stops working (must be in the future); none or null: until revoked',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'expiresAt must be an ISO 8601 date' })
  expiresAt?: string | null;
}

/** A token as the list shows it: never the token itself. */
export class ApiTokenDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Accurate to a minute' }) lastUsedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expiresAt: string | null;

  static from(token: ApiToken): ApiTokenDto {
    return {
      id: token.id,
      name: token.name,
      createdAt: token.createdAt.toISOString(),
      lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
      expiresAt: token.expiresAt?.toISOString() ?? null,
    };
  }
}

/** The answer to creating a token: the only time the token itself is shown. */
export class CreatedApiTokenDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({
    description: 'Send as `Authorization: Bearer <token>`. Shown only in this answer: the server keeps only its hash',
  })
  token: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expiresAt: string | null;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { ACCOUNT_LIMITS } from '@mudawwana/rules';
import { User } from '../user.entity';
import { trim } from '../../common/transforms';

/**
 * A user as the API shows it: never the password hash or a reset token. Anyone sees the public record (SPEC §7:
 * name, bio; with the id and avatar); the user themself also sees what they sign in with (username, email).
 */
export class UserDto {
  @ApiProperty()
  id: number;

  @ApiPropertyOptional({ description: 'Only shown to the signed-in user themself (it is half of what signs in)' })
  username?: string;

  @ApiPropertyOptional({ description: 'Only shown to the signed-in user themself' })
  email?: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ type: String, nullable: true })
  bio: string | null;

  @ApiProperty({ type: String, nullable: true })
  avatarUrl: string | null;

  static from(user: User, { own }: { own: boolean }): UserDto {
    return {
      id: user.id,
      ...(own ? { username: user.username, email: user.email } : {}),
      name: user.name,
      bio: user.bio,
      avatarUrl: user.avatarUrl,
    };
  }
}

/** A post's author as readers see it: public fields only (never the email or the username used to sign in). */
export class AuthorDto {
  @ApiProperty()
  name: string;

  @ApiProperty({ type: String, nullable: true })
  avatarUrl: string | null;

  static from(user: User): AuthorDto {
    return { name: user.name, avatarUrl: user.avatarUrl };
  }
}

export class UpdateUserDto {
  @ApiProperty({ minLength: ACCOUNT_LIMITS.nameMinLength, maxLength: ACCOUNT_LIMITS.nameMaxLength })
  @Transform(trim)
  @IsString()
  @MinLength(ACCOUNT_LIMITS.nameMinLength, { message: 'الاسم يجب أن يكون على الأقل حرفين' })
  @MaxLength(ACCOUNT_LIMITS.nameMaxLength)
  name: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  bio?: string | null;
}

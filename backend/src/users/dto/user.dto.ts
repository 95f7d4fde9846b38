import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { User } from '../user.entity';
import { trim } from '../../common/transforms';

/** A user as the API shows it: never the password hash or the reset token. */
export class UserDto {
  @ApiProperty()
  id: number;

  @ApiProperty()
  username: string;

  @ApiPropertyOptional({ description: 'Only shown to the signed-in user themself' })
  email?: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ type: String, nullable: true })
  bio: string | null;

  @ApiProperty({ type: String, nullable: true })
  avatarUrl: string | null;

  static from(user: User, { withEmail }: { withEmail: boolean }): UserDto {
    return {
      id: user.id,
      username: user.username,
      ...(withEmail ? { email: user.email } : {}),
      name: user.name,
      bio: user.bio,
      avatarUrl: user.avatarUrl,
    };
  }
}

export class UpdateUserDto {
  @ApiProperty({ minLength: 2, maxLength: 200 })
  @Transform(trim)
  @IsString()
  @MinLength(2, { message: 'الاسم يجب أن يكون على الأقل حرفين' })
  @MaxLength(200)
  name: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  bio?: string | null;
}

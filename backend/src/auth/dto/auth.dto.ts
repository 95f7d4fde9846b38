import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Equals, IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { trim } from '../../common/transforms';

export class LoginDto {
  @ApiProperty({ description: 'Username or email address' })
  @Transform(trim)
  @IsString()
  @MinLength(1, { message: 'البريد الإلكتروني أو اسم المستخدم مطلوب' })
  @MaxLength(255)
  username: string;

  @ApiProperty({ minLength: 6 })
  @IsString()
  @MinLength(6, { message: 'كلمة المرور يجب أن تكون 6 أحرف على الأقل' })
  @MaxLength(200)
  password: string;
}

export class RegisterDto {
  @ApiProperty({ minLength: 3, maxLength: 100 })
  @Transform(trim)
  @IsString()
  @MinLength(3, { message: 'username must be at least 3 characters' })
  @MaxLength(100)
  username: string;

  @ApiProperty({ format: 'email' })
  @Transform(trim)
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(255)
  email: string;

  @ApiProperty({ minLength: 6 })
  @IsString()
  @MinLength(6, { message: 'كلمة المرور يجب أن تكون 6 أحرف على الأقل' })
  @MaxLength(200)
  password: string;

  @ApiProperty({ minLength: 2 })
  @Transform(trim)
  @IsString()
  @MinLength(2, { message: 'الاسم يجب أن يكون على الأقل حرفين' })
  @MaxLength(200)
  name: string;

  // The client sends these four as null (SPEC §3); anything else is refused, and they are never stored from here.
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Ignored; send null' })
  @IsOptional()
  @Equals(null)
  bio?: null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Ignored; send null' })
  @IsOptional()
  @Equals(null)
  avatarUrl?: null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Ignored; send null' })
  @IsOptional()
  @Equals(null)
  resetToken?: null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Ignored; send null' })
  @IsOptional()
  @Equals(null)
  resetTokenExpiry?: null;
}

export class ForgotPasswordDto {
  @ApiProperty({ format: 'email' })
  @Transform(trim)
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(255)
  email: string;
}

export class ResetPasswordDto {
  @ApiProperty()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  token: string;

  @ApiProperty({ minLength: 6 })
  @IsString()
  @MinLength(6, { message: 'كلمة المرور يجب أن تكون 6 أحرف على الأقل' })
  @MaxLength(200)
  password: string;
}

/** Whether /auth offers the register form (GET /api/registration). */
export class RegistrationStatusDto {
  @ApiProperty({ description: 'True while a new account may be registered (no author yet, or ALLOW_REGISTRATION=true)' })
  open: boolean;
}

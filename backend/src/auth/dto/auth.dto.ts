import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Equals, IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { ACCOUNT_LIMITS as A } from '@mudawwana/rules';
import { stacked } from '../../common/stacked';
import { trim } from '../../common/transforms';

const PASSWORD_TOO_SHORT = `كلمة المرور يجب أن تكون ${A.passwordMinLength} أحرف على الأقل`;
/** A password as it is typed: not trimmed (spaces count), from the minimum length (an Arabic message) to the maximum. */
const Password = () =>
  stacked(
    ApiProperty({ minLength: A.passwordMinLength }),
    IsString(),
    MinLength(A.passwordMinLength, { message: PASSWORD_TOO_SHORT }),
    MaxLength(A.passwordMaxLength),
  );

/** An email address, trimmed. */
const EmailAddress = () =>
  stacked(
    ApiProperty({ format: 'email' }),
    Transform(trim),
    IsEmail({}, { message: 'email must be a valid email address' }),
    MaxLength(A.emailMaxLength),
  );

/** A field of SPEC §3's register body that the client sends as null: anything else is refused, and it is never stored. */
const SentAsNull = () =>
  stacked(ApiPropertyOptional({ type: String, nullable: true, description: 'Ignored; send null' }), IsOptional(), Equals(null));

/** 'At least two letters' in words: Arabic says two with the dual, not a numeral. */
const NAME_TOO_SHORT = 'الاسم يجب أن يكون على الأقل حرفين';

export class LoginDto {
  @ApiProperty({ description: 'Username or email address' })
  @Transform(trim)
  @IsString()
  @MinLength(1, { message: 'البريد الإلكتروني أو اسم المستخدم مطلوب' })
  @MaxLength(A.identifierMaxLength)
  username: string;

  @Password()
  password: string;
}

export class RegisterDto {
  @ApiProperty({ minLength: A.usernameMinLength, maxLength: A.usernameMaxLength })
  @Transform(trim)
  @IsString()
  @MinLength(A.usernameMinLength, { message: `username must be at least ${A.usernameMinLength} characters` })
  @MaxLength(A.usernameMaxLength)
  username: string;

  @EmailAddress()
  email: string;

  @Password()
  password: string;

  @ApiProperty({ minLength: A.nameMinLength })
  @Transform(trim)
  @IsString()
  @MinLength(A.nameMinLength, { message: NAME_TOO_SHORT })
  @MaxLength(A.nameMaxLength)
  name: string;

  @ApiPropertyOptional({
    maxLength: 100,
    description:
      "Only for the first account of a blog reachable from outside (GET /api/registration says `setupCodeRequired`): the code in the server's log at start, or SETUP_CODE",
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  setupCode?: string;

  // The client sends these four as null (SPEC §3); anything else is refused, and they are never stored from here.
  @SentAsNull()
  bio?: null;

  @SentAsNull()
  avatarUrl?: null;

  @SentAsNull()
  resetToken?: null;

  @SentAsNull()
  resetTokenExpiry?: null;
}

/** The register form as a browser posts it without JavaScript (form fields are text: no nulls to send). */
export class RegisterFormDto extends PickType(RegisterDto, ['username', 'email', 'password', 'name', 'setupCode'] as const) {}

export class ForgotPasswordDto {
  @EmailAddress()
  email: string;
}

export class ResetPasswordDto {
  @ApiProperty()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  token: string;

  @Password()
  password: string;
}

/** Whether /auth offers the register form (GET /api/registration). */
export class RegistrationStatusDto {
  @ApiProperty({ description: 'True while a new account may be registered (no author yet, or ALLOW_REGISTRATION=true)' })
  open: boolean;

  @ApiProperty({
    description: 'True while the blog has no account yet: whoever registers now becomes its author (the register form is shown first)',
  })
  firstAccount: boolean;

  @ApiProperty({
    description:
      "True while that first account needs the setup code (`setupCode`): the blog's PUBLIC_URL is not a local address, so strangers may reach it first",
  })
  setupCodeRequired: boolean;
}

import { clientAddressKey } from '../common/client-address';
import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiErrors } from '../common/api-errors.decorator';
import { MessageDto } from '../common/dto';
import { Public } from '../common/public.decorator';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { UserDto } from '../users/dto/user.dto';
import { User } from '../users/user.entity';
import { AuthService, FORGOT_PASSWORD_MESSAGE, RESET_PASSWORD_MESSAGE } from './auth.service';
import { CurrentUser } from './current-user.decorator';
import { answerSignInForm } from './form-post';
import { ForgotPasswordDto, LoginDto, RegisterDto, RegisterFormDto, RegistrationStatusDto, ResetPasswordDto } from './dto/auth.dto';
import { SessionAuthenticator } from './session-authenticator';
import { SESSION_COOKIE } from './session';
import { SessionOnly } from './session-only.decorator';
import { clearSignedInHint, setSignedInHint } from './signed-in-hint';

/** The answer to a form posted without JavaScript (form-post.ts). */
const AFTER_FORM = {
  status: 303,
  description:
    'To `/` when signed in; otherwise back to `/auth?tab=…` with `invalid=field,…` (fields that fail the rules) or `error=CODE` (an error code)',
  headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } },
};

/** Sign-in, the account's password and the admin's session check: for a person with a session, never an API token. */
@ApiTags('auth')
@SessionOnly()
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly authenticator: SessionAuthenticator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('user')
  @ApiOkResponse({ type: UserDto, description: 'The signed-in user' })
  @ApiErrors(401)
  getCurrentUser(@CurrentUser() user: User, @Req() request: Request, @Res({ passthrough: true }) response: Response): UserDto {
    // The session rolls on every call; so does the hint, so it never expires before the session does.
    setSignedInHint(request, response);
    return UserDto.from(user, { own: true });
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOkResponse({ type: UserDto })
  @ApiErrors(400, 401, 429)
  async login(@Body() _credentials: LoginDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<UserDto> {
    // The body is validated above; passport-local reads the same fields from it.
    const user = await this.authenticator.logIn(request, response);
    setSignedInHint(request, response);
    return UserDto.from(user, { own: true });
  }

  @Public()
  @Get('registration')
  @ApiOkResponse({ type: RegistrationStatusDto, description: 'Whether registration is open, so the sign-in screen offers it or not' })
  async registrationStatus(): Promise<RegistrationStatusDto> {
    return this.auth.registrationStatus();
  }

  @Public()
  @Post('register')
  @ApiCreatedResponse({ type: UserDto, description: 'The new user, signed in' })
  @ApiErrors(400, 403, 409)
  async register(@Body() input: RegisterDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<UserDto> {
    const user = await this.auth.register(input);
    await this.authenticator.logInAs(request, user);
    setSignedInHint(request, response);
    return UserDto.from(user, { own: true });
  }

  /** The register form posted without JavaScript: the same checks and session as `register`, answered with a redirect. */
  @Public()
  @Post('register/form')
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ type: RegisterFormDto })
  @ApiResponse(AFTER_FORM)
  async registerFromForm(@Body() body: unknown, @Req() request: Request, @Res() response: Response): Promise<void> {
    await answerSignInForm(response, { tab: 'register', type: RegisterFormDto, body, fallback: 'INVALID_INPUT' }, async (value) => {
      await this.authenticator.logInAs(request, await this.auth.register(value));
      setSignedInHint(request, response);
    });
  }

  /** The sign-in form posted without JavaScript: the same checks, limits and session as `login`, answered with a redirect. */
  @Public()
  @Post('login/form')
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ type: LoginDto })
  @ApiResponse(AFTER_FORM)
  async logInFromForm(@Body() body: unknown, @Req() request: Request, @Res() response: Response): Promise<void> {
    await answerSignInForm(response, { tab: 'login', type: LoginDto, body, fallback: 'INVALID_CREDENTIALS' }, async (value) => {
      // passport-local reads the fields from the body: the validated, trimmed ones.
      request.body = { username: value.username, password: value.password };
      await this.authenticator.logIn(request, response);
      setSignedInHint(request, response);
    });
  }

  /** Public and idempotent: signing out without a session is not an error. */
  @Public()
  @Post('logout')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageDto })
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<MessageDto> {
    await new Promise<void>((resolve) => (request.session ? request.session.destroy(() => resolve()) : resolve()));
    response.clearCookie(SESSION_COOKIE, { path: '/' });
    clearSignedInHint(request, response);
    return { message: 'تم تسجيل الخروج' };
  }

  @Public()
  @Post('forgot-password')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(400, 429)
  forgotPassword(@Body() input: ForgotPasswordDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): MessageDto {
    // Never the request's Host header: anyone could make the author receive a real token on a link to their site.
    const origin = this.config.publicUrl ?? `http://localhost:${this.config.port}`;
    // The mail is prepared once this answer is sent (or the client has gone): its time is not the answer's.
    const answered = new Promise<void>((resolve) => response.once('close', () => resolve()));
    this.auth.requestPasswordReset(
      input.email,
      clientAddressKey(request.ip),
      (token) => `${origin}/reset-password?token=${token}`,
      answered,
    );
    return { message: FORGOT_PASSWORD_MESSAGE };
  }

  @Public()
  @Post('reset-password')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(400)
  async resetPassword(@Body() input: ResetPasswordDto): Promise<MessageDto> {
    await this.auth.resetPassword(input.token, input.password);
    return { message: RESET_PASSWORD_MESSAGE };
  }
}

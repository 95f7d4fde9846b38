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
import { Endpoint } from '../openapi/endpoint.decorator';

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
  @Endpoint({
    summary: 'The signed-in user',
    description:
      "The user of the session, with their email; 401 when nobody is signed in. This is the admin's session check, so it takes no API token.",
  })
  @ApiOkResponse({ type: UserDto, description: 'The signed-in user' })
  @ApiErrors(401)
  getCurrentUser(@CurrentUser() user: User, @Req() request: Request, @Res({ passthrough: true }) response: Response): UserDto {
    // The session rolls on every call; so does the hint, so it never expires before the session does.
    setSignedInHint(request, response);
    return UserDto.from(user, { own: true });
  }

  @Public()
  @Post('login')
  @Endpoint({
    summary: 'Sign in',
    description:
      'Checks the username (or email) and password and sets the session cookie. Repeated failures are limited per account and per address (429 `RATE_LIMITED` with `retryAfter`).',
  })
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
  @Endpoint({
    summary: 'Whether registration is open',
    description:
      '`{ open: true }` while the blog has no author (or the server runs with `ALLOW_REGISTRATION=true`), so the sign-in screen offers the register tab only when it can work; `firstAccount: true` while there is no account at all, so it offers that tab first; `setupCodeRequired: true` while that first account needs the setup code.',
  })
  @ApiOkResponse({ type: RegistrationStatusDto, description: 'Whether registration is open, so the sign-in screen offers it or not' })
  async registrationStatus(): Promise<RegistrationStatusDto> {
    return this.auth.registrationStatus();
  }

  @Public()
  @Post('register')
  @Endpoint({
    summary: "Create the blog's author account",
    description:
      "The first account becomes the author and is signed in (a session cookie is set). On a blog whose `PUBLIC_URL` is not a local address, that first account needs the setup code (`setupCode`) printed in the server's log at start or set in `SETUP_CODE` (403 `SETUP_CODE_INVALID` without it); of several first registrations at once, one makes the account and the others get 409 `INSTALL_CLAIMED`. After that, registration is closed (403 `REGISTRATION_CLOSED`) unless the server runs with `ALLOW_REGISTRATION=true`.",
  })
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
  @Endpoint({
    summary: 'Create the author account from the HTML form (no JavaScript)',
    description:
      'The register form of `/auth` posted by a browser without JavaScript (`application/x-www-form-urlencoded`: username, email, password, name, and setupCode when required): the same rules and session as `POST /api/register`, answered with 303 to `/`, or back to `/auth?tab=register` with `invalid=field,…` or `error=CODE` (shown in Arabic there). Scripts use `POST /api/register`.',
  })
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
  @Endpoint({
    summary: 'Sign in from the HTML form (no JavaScript)',
    description:
      'The sign-in form of `/auth` posted by a browser without JavaScript (`application/x-www-form-urlencoded`: username, password): the same checks, limits and session as `POST /api/login`, answered with 303 to `/`, or back to `/auth?tab=login` with `invalid=field,…` or `error=CODE`. Scripts use `POST /api/login`.',
  })
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
  @Endpoint({ summary: 'Sign out', description: 'Ends the session and clears its cookie; signing out without a session is not an error.' })
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
  @Endpoint({
    summary: 'Ask for a password reset mail',
    description:
      'Mails a reset link valid for an hour when the address belongs to an account; links mailed before stay valid. The answer is the same either way and is sent before the address is looked up, so neither it nor its timing reveals which addresses have accounts. One address may ask 5 times an hour (429 `RATE_LIMITED`); past 3 mails an hour to one email address the answer stays the same and no more mail is sent.',
  })
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
  @Endpoint({
    summary: 'Set a new password with a reset token',
    description:
      'Takes the token from a reset mail (valid for an hour) and the new password. Using one link spends every link of the account; every session opened before is signed out and every API token of the account is revoked.',
  })
  @HttpCode(200)
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(400)
  async resetPassword(@Body() input: ResetPasswordDto): Promise<MessageDto> {
    await this.auth.resetPassword(input.token, input.password);
    return { message: RESET_PASSWORD_MESSAGE };
  }
}

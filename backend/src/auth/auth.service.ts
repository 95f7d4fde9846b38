import { BeforeApplicationShutdown, HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { badRequest, DomainError } from '../common/domain-error';
import { httpError } from '../common/error-body';
import { MailService } from '../mail/mail.service';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { AttemptLimiter } from '../common/attempt-limiter';
import { RegisterDto } from './dto/auth.dto';
import { hashPassword, verifyPassword } from './password';
import { PasswordResetTokens } from './password-reset-tokens';
import { SetupCode } from './setup-code';
import { SignInClient, SignInLimits } from './sign-in-limits';

const MINUTE_MS = 60_000;
const RESET_TOKEN_TTL_MS = 60 * MINUTE_MS;

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const FORGOT_PASSWORD_MESSAGE = 'إذا كان هذا البريد مسجلاً لدينا فستصلك رسالة فيها رابط إعادة تعيين كلمة المرور';
/** SPEC §8's sentence, then what else the reset did (revoke-by-default: a stranger's sessions and tokens end too). */
export const RESET_PASSWORD_MESSAGE = 'تم إعادة تعيين كلمة المرور بنجاح. انتهت كل الجلسات المفتوحة وأُلغيت كل رموز API';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

@Injectable()
export class AuthService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Auth');
  private readonly signInLimits = new SignInLimits();
  /**
   * Reset requests: 5 per address an hour (429 past it), and 3 mails per email an hour. Past the email's budget the
   * answer stays the same and no mail is sent: a stranger's requests cannot make the author's own answer 429, and the
   * links already mailed (the stranger's requests included) stay valid for their hour.
   */
  private readonly resetRequests = new AttemptLimiter(5, 60 * MINUTE_MS, 'Too many password reset requests; try again later');
  private readonly accountResetRequests = new AttemptLimiter(3, 60 * MINUTE_MS, 'Too many password reset requests; try again later');

  private dummyHash?: Promise<string>;
  /** Reset mails being prepared after their answer was sent (waited for on shutdown). */
  private readonly pendingResets = new Set<Promise<void>>();

  constructor(
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly resetTokens: PasswordResetTokens,
    private readonly setupCode: SetupCode,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async validateCredentials(login: string, password: string, client: SignInClient): Promise<User> {
    const user = await this.users.findAccountByLogin(login);
    // Counted before the (slow) hash: a burst of parallel guesses is cut at the limit, not after it.
    const attempt = this.signInLimits.count(user, login, client);
    // An unknown account costs the same hashing time as a wrong password, so timing does not reveal which exist.
    const passwordMatches = await verifyPassword(user?.password ?? (await this.unknownUserHash()), password);
    if (user && passwordMatches) {
      attempt.succeeded();
      return user;
    }
    throw httpError(401, INVALID_CREDENTIALS, { code: 'INVALID_CREDENTIALS' });
  }

  private unknownUserHash(): Promise<string> {
    this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }

  /**
   * Whether registration is open, whether the blog has no account yet (the sign-in screen then offers it first), and
   * whether that first account needs the setup code (a blog reachable from outside).
   */
  async registrationStatus(): Promise<{ open: boolean; firstAccount: boolean; setupCodeRequired: boolean }> {
    const firstAccount = (await this.users.countAccounts()) === 0;
    return {
      open: this.config.allowRegistration || firstAccount,
      firstAccount,
      setupCodeRequired: firstAccount && this.setupCode.required,
    };
  }

  /** The first account claims the blog (with the setup code when one is required); later ones need ALLOW_REGISTRATION. */
  async register(input: RegisterDto): Promise<User> {
    const { open, firstAccount } = await this.registrationStatus();
    if (!open) {
      throw new DomainError('REGISTRATION_CLOSED', 'Registration is closed: this blog already has its author', HttpStatus.FORBIDDEN);
    }
    if (firstAccount) await this.setupCode.check(input.setupCode);
    return this.users.createAccount(
      { username: input.username, email: input.email, name: input.name },
      () => hashPassword(input.password),
      { claim: firstAccount },
    );
  }

  /**
   * Always the same answer, so the form cannot be used to find out which addresses have accounts: the limits are
   * counted now, and everything that depends on the address (looking it up, storing a link, writing the mail) runs
   * once `answered` resolves, so the answer takes the same time whether the address has an account or not.
   */
  requestPasswordReset(email: string, ip: string, resetPageUrl: (token: string) => string, answered: Promise<void>): void {
    this.resetRequests.consume([`ip:${ip}`]);
    try {
      this.accountResetRequests.consume([`email:${email.toLowerCase()}`]);
    } catch (error) {
      if (error instanceof HttpException) return;
      throw error;
    }
    const work = answered
      .then(() => this.mailResetLink(email, resetPageUrl))
      .catch((error: Error) => this.logger.error(`Could not send the password reset mail: ${error.message}`))
      .finally(() => this.pendingResets.delete(work));
    this.pendingResets.add(work);
  }

  /** A new reset link for the account of this address, if there is one; the links mailed before stay valid. */
  private async mailResetLink(email: string, resetPageUrl: (token: string) => string): Promise<void> {
    const user = await this.users.findAccountByEmail(email);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await this.resetTokens.add(user.id, hashToken(token), new Date(Date.now() + RESET_TOKEN_TTL_MS));
    await this.mail.send({
      to: user.email,
      subject: 'إعادة تعيين كلمة المرور',
      text: `مرحباً ${user.name}،\n\nلإعادة تعيين كلمة المرور افتح الرابط التالي خلال ساعة:\n${resetPageUrl(token)}\n\nإن لم تطلب ذلك فتجاهل هذه الرسالة.`,
    });
  }

  /** Resolves once the reset mails being prepared are sent or have failed (shutdown waits for it, and so can tests). */
  async resetMailsDone(): Promise<void> {
    await Promise.all(this.pendingResets);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.resetMailsDone();
  }

  /** Links are single use and expire after an hour; using one ends the sessions and revokes the API tokens. */
  async resetPassword(token: string, password: string): Promise<void> {
    if (!(await this.resetTokens.redeem(hashToken(token), () => hashPassword(password)))) {
      throw badRequest('RESET_TOKEN_INVALID', 'This password reset link is invalid or has expired');
    }
  }
}

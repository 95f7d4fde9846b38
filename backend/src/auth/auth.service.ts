import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
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
import { SignInClient, SignInLimits } from './sign-in-limits';

const MINUTE_MS = 60_000;
const RESET_TOKEN_TTL_MS = 60 * MINUTE_MS;

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const FORGOT_PASSWORD_MESSAGE = 'إذا كان هذا البريد مسجلاً لدينا فستصلك رسالة فيها رابط إعادة تعيين كلمة المرور';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');
  private readonly signInLimits = new SignInLimits();
  /** Reset requests: 5 per address and 3 per email an hour (each one sends a mail). */
  private readonly resetRequests = new AttemptLimiter(5, 60 * MINUTE_MS, 'Too many password reset requests; try again later');
  private readonly accountResetRequests = new AttemptLimiter(3, 60 * MINUTE_MS, 'Too many password reset requests; try again later');

  private dummyHash?: Promise<string>;

  constructor(
    private readonly users: UsersService,
    private readonly mail: MailService,
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

  /** The first account becomes the author; after that registration is closed unless ALLOW_REGISTRATION=true. */
  async registrationOpen(): Promise<boolean> {
    return (await this.registrationStatus()).open;
  }

  /** Whether registration is open, and whether the blog has no account yet (the sign-in screen then offers it first). */
  async registrationStatus(): Promise<{ open: boolean; firstAccount: boolean }> {
    const firstAccount = (await this.users.countAccounts()) === 0;
    return { open: this.config.allowRegistration || firstAccount, firstAccount };
  }

  async register(input: RegisterDto): Promise<User> {
    if (!(await this.registrationOpen())) {
      throw new DomainError('REGISTRATION_CLOSED', 'Registration is closed: this blog already has its author', HttpStatus.FORBIDDEN);
    }
    return this.users.createAccount({ username: input.username, email: input.email, name: input.name }, () => hashPassword(input.password));
  }

  /** Always the same answer, so the form cannot be used to find out which addresses have accounts. */
  async requestPasswordReset(email: string, ip: string, resetPageUrl: (token: string) => string): Promise<void> {
    this.resetRequests.consume([`ip:${ip}`]);
    this.accountResetRequests.consume([`email:${email.toLowerCase()}`]);

    const token = randomBytes(32).toString('base64url');
    const user = await this.users.setResetToken(email, hashToken(token), new Date(Date.now() + RESET_TOKEN_TTL_MS));
    if (!user) return;

    const link = resetPageUrl(token);
    const sending = this.mail
      .send({
        to: user.email,
        subject: 'إعادة تعيين كلمة المرور',
        text: `مرحباً ${user.name}،\n\nلإعادة تعيين كلمة المرور افتح الرابط التالي خلال ساعة:\n${link}\n\nإن لم تطلب ذلك فتجاهل هذه الرسالة.`,
      })
      .catch((error: Error) => this.logger.error(`Could not send the password reset mail: ${error.message}`));
    // Over SMTP the answer does not wait for the mail server, so response time does not tell which addresses
    // have accounts; the local outbox (no SMTP) is written before answering, so the link is there at once.
    if (!this.config.smtpUrl) await sending;
  }

  /** Tokens are single use and expire after an hour. */
  async resetPassword(token: string, password: string): Promise<void> {
    if (!(await this.users.resetPasswordByToken(hashToken(token), () => hashPassword(password)))) {
      throw badRequest('RESET_TOKEN_INVALID', 'This password reset link is invalid or has expired');
    }
  }
}

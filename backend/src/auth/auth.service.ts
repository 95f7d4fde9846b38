import { HttpStatus, Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { badRequest, conflict, DomainError } from '../common/domain-error';
import { MailService } from '../mail/mail.service';
import { User } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { AttemptLimiter } from './attempt-limiter';
import { RegisterDto } from './dto/auth.dto';
import { hashPassword, verifyPassword } from './password';

const MINUTE_MS = 60_000;
const RESET_TOKEN_TTL_MS = 60 * MINUTE_MS;

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const FORGOT_PASSWORD_MESSAGE = 'إذا كان هذا البريد مسجلاً لدينا فستصلك رسالة فيها رابط إعادة تعيين كلمة المرور';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');
  /** Failed logins: 10 per account and 30 per address in 15 minutes. */
  private readonly loginFailures = new AttemptLimiter(10, 15 * MINUTE_MS, 'Too many failed sign-in attempts; try again later');
  /** Reset requests: 5 per address and 3 per email an hour (each one sends a mail). */
  private readonly resetRequests = new AttemptLimiter(5, 60 * MINUTE_MS, 'Too many password reset requests; try again later');
  private readonly accountResetRequests = new AttemptLimiter(3, 60 * MINUTE_MS, 'Too many password reset requests; try again later');
  private readonly ipLoginFailures = new AttemptLimiter(30, 15 * MINUTE_MS, 'Too many failed sign-in attempts; try again later');

  constructor(
    private readonly users: UsersRepository,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async validateCredentials(login: string, password: string, ip: string): Promise<User> {
    const accountKey = `account:${login.toLowerCase()}`;
    const ipKey = `ip:${ip}`;
    this.loginFailures.assertAllowed([accountKey]);
    this.ipLoginFailures.assertAllowed([ipKey]);
    const user = await this.users.findByUsernameOrEmail(login);
    if (user && (await verifyPassword(user.password, password))) {
      this.loginFailures.reset([accountKey]);
      return user;
    }
    this.loginFailures.record([accountKey]);
    this.ipLoginFailures.record([ipKey]);
    throw new UnauthorizedException({ statusCode: 401, message: INVALID_CREDENTIALS, error: 'Unauthorized', code: 'INVALID_CREDENTIALS' });
  }

  /** The first account becomes the author; after that registration is closed unless ALLOW_REGISTRATION=true. */
  async register(input: RegisterDto): Promise<User> {
    if (!this.config.allowRegistration && (await this.users.count()) > 0) {
      throw new DomainError('REGISTRATION_CLOSED', 'Registration is closed: this blog already has its author', HttpStatus.FORBIDDEN);
    }
    if (await this.users.findByUsernameOrEmailTaken(input.username, input.email)) {
      throw conflict('USER_TAKEN', 'This username or email is already registered');
    }
    return this.users.create({
      username: input.username,
      email: input.email,
      name: input.name,
      password: await hashPassword(input.password),
    });
  }

  /** Always the same answer, so the form cannot be used to find out which addresses have accounts. */
  async requestPasswordReset(email: string, ip: string, resetPageUrl: (token: string) => string): Promise<void> {
    this.resetRequests.assertAllowed([`ip:${ip}`]);
    this.resetRequests.record([`ip:${ip}`]);
    const accountKey = `email:${email.toLowerCase()}`;
    this.accountResetRequests.assertAllowed([accountKey]);
    this.accountResetRequests.record([accountKey]);

    const user = await this.users.findByEmail(email);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    user.resetToken = hashToken(token);
    user.resetTokenExpiry = new Date(Date.now() + RESET_TOKEN_TTL_MS);
    await this.users.save(user);

    const link = resetPageUrl(token);
    try {
      await this.mail.send({
        to: user.email,
        subject: 'إعادة تعيين كلمة المرور',
        text: `مرحباً ${user.name}،\n\nلإعادة تعيين كلمة المرور افتح الرابط التالي خلال ساعة:\n${link}\n\nإن لم تطلب ذلك فتجاهل هذه الرسالة.`,
      });
    } catch (error) {
      this.logger.error(`Could not send the password reset mail: ${(error as Error).message}`);
    }
  }

  /** Tokens are single use and expire after an hour. */
  async resetPassword(token: string, password: string): Promise<void> {
    const user = await this.users.findByValidResetToken(hashToken(token), new Date());
    if (!user) throw badRequest('RESET_TOKEN_INVALID', 'This password reset link is invalid or has expired');
    user.password = await hashPassword(password);
    user.resetToken = null;
    user.resetTokenExpiry = null;
    await this.users.save(user);
  }
}

import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { MailModule } from '../mail/mail.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { DeviceCookies } from './device-cookie';
import { SessionGuard } from './guards';
import { PasswordResetTokens } from './password-reset-tokens';
import { SessionAuthenticator } from './session-authenticator';
import { SetupCode } from './setup-code';

@Module({
  imports: [MailModule, UsersModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    DeviceCookies,
    PasswordResetTokens,
    SessionAuthenticator,
    SetupCode,
    { provide: APP_GUARD, useClass: SessionGuard },
  ],
  exports: [SessionAuthenticator],
})
export class AuthModule {}

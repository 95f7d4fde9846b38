import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { MailModule } from '../mail/mail.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { DeviceCookies } from './device-cookie';
import { SessionGuard } from './guards';
import { SessionAuthenticator } from './session-authenticator';

@Module({
  imports: [MailModule, UsersModule],
  controllers: [AuthController],
  providers: [AuthService, DeviceCookies, SessionAuthenticator, { provide: APP_GUARD, useClass: SessionGuard }],
  exports: [SessionAuthenticator],
})
export class AuthModule {}

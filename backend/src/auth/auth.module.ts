import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { MailService } from '../mail/mail.service';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { SessionGuard } from './guards';
import { SessionAuthenticator } from './session-authenticator';

@Module({
  imports: [UsersModule],
  controllers: [AuthController],
  providers: [AuthService, MailService, SessionAuthenticator, { provide: APP_GUARD, useClass: SessionGuard }],
  exports: [SessionAuthenticator],
})
export class AuthModule {}

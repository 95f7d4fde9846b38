import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import { User } from '../users/user.entity';
import { AuthService } from './auth.service';

/** passport-local: `username` may be the username or the email address. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'username', passwordField: 'password', passReqToCallback: true });
  }

  validate(request: Request, username: string, password: string): Promise<User> {
    return this.auth.validateCredentials(username.trim(), password, request.ip ?? 'unknown');
  }
}

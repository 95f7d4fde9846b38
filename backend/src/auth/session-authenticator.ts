import { Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { User } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { AuthService, INVALID_CREDENTIALS } from './auth.service';

/**
 * passport with the local strategy and sessions, as an instance of this app's own rather than passport's global
 * singleton: several apps in one process (the API tests) then each check passwords and load users against their
 * own database. The session keeps only the user id; the user is loaded fresh on each request, so a deleted
 * user is signed out.
 */
@Injectable()
export class SessionAuthenticator {
  private readonly passport = new Passport();

  constructor(auth: AuthService, users: UsersRepository) {
    this.passport.use(
      'local',
      new LocalStrategy(
        { usernameField: 'username', passwordField: 'password', passReqToCallback: true },
        (request, username, password, done) => {
          auth.validateCredentials(username.trim(), password, request.ip ?? 'unknown').then((user) => done(null, user), done);
        },
      ),
    );
    this.passport.serializeUser((user: Express.User, done) => done(null, user.id));
    this.passport.deserializeUser((id: number, done) => {
      users
        .findById(id)
        .then((user) => done(null, user ?? false))
        .catch((error) => done(error));
    });
  }

  /** Middleware that restores the signed-in user from the session on every request. */
  middleware(): RequestHandler[] {
    return [this.passport.initialize(), this.passport.session()];
  }

  /** Checks the credentials in the body with passport-local and signs the user in; passport issues a new session id. */
  logIn(request: Request, response: Response): Promise<User> {
    return new Promise((resolve, reject) => {
      const authenticate = this.passport.authenticate('local', (error: unknown, user: User | false) => {
        if (error) return reject(error);
        if (!user) return reject(new UnauthorizedException({ statusCode: 401, message: INVALID_CREDENTIALS, error: 'Unauthorized' }));
        request.logIn(user, (loginError) => (loginError ? reject(loginError) : resolve(user)));
      }) as RequestHandler;
      authenticate(request, response, reject);
    });
  }

  /** Signs a just-registered user in. */
  logInAs(request: Request, user: User): Promise<void> {
    return new Promise((resolve, reject) => request.logIn(user, (error) => (error ? reject(error) : resolve())));
  }
}

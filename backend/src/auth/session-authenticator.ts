import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { clientAddressKey } from '../common/client-address';
import { httpError } from '../common/error-body';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { AuthService, INVALID_CREDENTIALS } from './auth.service';
import { DeviceCookies } from './device-cookie';

/** What a session keeps of its user: the id, and a stamp of the password it was opened with. */
interface StoredUser {
  id: number;
  stamp: string;
}

/** Changes whenever the password does, so a password reset signs out every session opened before it. */
const passwordStamp = (user: User) => createHash('sha256').update(user.password).digest('base64url').slice(0, 16);

/**
 * passport with the local strategy and sessions, as an instance of this app's own rather than passport's global
 * singleton: several apps in one process (the API tests) then each check passwords and load users against their
 * own database. The session keeps only the user id and a password stamp; the user is loaded fresh on each request,
 * so a deleted user, or one whose password has been reset since, is signed out. Every browser that opens a session
 * (signing in or registering) gets a device cookie for the account, which the next sign-ins present (device-cookie.ts).
 */
@Injectable()
export class SessionAuthenticator {
  private readonly passport = new Passport();

  constructor(
    auth: AuthService,
    users: UsersService,
    private readonly devices: DeviceCookies,
  ) {
    this.passport.use(
      'local',
      new LocalStrategy(
        { usernameField: 'username', passwordField: 'password', passReqToCallback: true },
        (request, username, password, done) => {
          const client = { address: clientAddressKey(request.ip), devices: devices.presentedBy(request) };
          auth.validateCredentials(username.trim(), password, client).then((user) => done(null, user), done);
        },
      ),
    );
    this.passport.serializeUser((user: Express.User, done) => done(null, { id: user.id, stamp: passwordStamp(user) }));
    this.passport.deserializeUser((stored: StoredUser, done) => {
      // Never look up an id that is not a number: TypeORM reads `{ id: undefined }` as "any user".
      if (typeof stored?.id !== 'number' || typeof stored.stamp !== 'string') return done(null, false);
      users
        .findAccount(stored.id)
        .then((user) => done(null, user && passwordStamp(user) === stored.stamp ? user : false))
        .catch((error) => done(error));
    });
  }

  /** Middleware that gives every API request passport's helpers (logIn, isAuthenticated). */
  initialize(): RequestHandler {
    return this.passport.initialize();
  }

  /** Middleware that restores the signed-in user from the session. */
  restoreSession(): RequestHandler {
    return this.passport.session();
  }

  /** Checks the credentials in the body with passport-local and signs the user in; passport issues a new session id. */
  async logIn(request: Request, response: Response): Promise<User> {
    const user = await new Promise<User>((resolve, reject) => {
      const authenticate = this.passport.authenticate('local', (error: unknown, found: User | false) => {
        if (error) return reject(error);
        if (!found) return reject(httpError(401, INVALID_CREDENTIALS));
        resolve(found);
      }) as RequestHandler;
      authenticate(request, response, reject);
    });
    await this.logInAs(request, user);
    return user;
  }

  /** Signs a user in whose identity is already proven (just checked or registered), and names this browser a device of theirs. */
  async logInAs(request: Request, user: User): Promise<void> {
    await new Promise<void>((resolve, reject) => request.logIn(user, (error) => (error ? reject(error) : resolve())));
    if (request.res) this.devices.issue(request, request.res, user.id);
  }
}

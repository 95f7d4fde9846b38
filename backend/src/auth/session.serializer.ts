import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import { User } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';

/** The session keeps only the user id; the user is loaded fresh on each request (a deleted user is signed out). */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly users: UsersRepository) {
    super();
  }

  serializeUser(user: User, done: (error: unknown, id?: number) => void): void {
    done(null, user.id);
  }

  deserializeUser(id: number, done: (error: unknown, user?: User | false) => void): void {
    this.users
      .findById(id)
      .then((user) => done(null, user ?? false))
      .catch((error) => done(error));
  }
}

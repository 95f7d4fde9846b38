import { Injectable } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import { InstallClaim, SetupCodeRow } from '../auth/install-claim.entity';
import { conflict } from '../common/domain-error';
import { isUniqueViolation } from '../common/database-errors';
import { User } from './user.entity';

@Injectable()
export class UsersRepository {
  private readonly users: Repository<User>;

  constructor(private readonly dataSource: DataSource) {
    this.users = dataSource.getRepository(User);
  }

  findById(id: number): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  /** Login accepts either the username or the email address. */
  findByUsernameOrEmail(login: string): Promise<User | null> {
    return this.users.findOne({ where: [{ username: login }, { email: login.toLowerCase() }] });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email: email.toLowerCase() });
  }

  findByUsernameOrEmailTaken(username: string, email: string): Promise<User | null> {
    return this.users.findOne({ where: [{ username }, { email: email.toLowerCase() }] });
  }

  count(): Promise<number> {
    return this.users.count();
  }

  /**
   * A new account. The first one (`claim`) also writes the install's claim row in the same transaction, and removes
   * the setup code: of several first registrations at once, the database lets one commit and the others answer
   * 409 INSTALL_CLAIMED, whatever each of them read before.
   */
  create(user: Pick<User, 'username' | 'email' | 'password' | 'name'>, { claim }: { claim: boolean }): Promise<User> {
    return this.dataSource.transaction(async (manager) => {
      const saved = await manager.save(
        User,
        manager.create(User, { ...user, email: user.email.toLowerCase(), bio: null, avatarUrl: null }),
      );
      if (claim) {
        await manager.insert(InstallClaim, { id: 1, userId: saved.id }).catch((error: unknown) => {
          if (!isUniqueViolation(error)) throw error;
          throw conflict('INSTALL_CLAIMED', 'Another registration made the first account of this blog a moment before; sign in with it');
        });
        await manager.delete(SetupCodeRow, { id: 1 });
      }
      return saved;
    });
  }

  save(user: User): Promise<User> {
    return this.users.save(user);
  }
}

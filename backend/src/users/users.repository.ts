import { Injectable } from '@nestjs/common';
import { DataSource, MoreThan, Repository } from 'typeorm';
import { User } from './user.entity';

@Injectable()
export class UsersRepository {
  private readonly users: Repository<User>;

  constructor(dataSource: DataSource) {
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

  findByValidResetToken(tokenHash: string, now: Date): Promise<User | null> {
    return this.users.findOneBy({ resetToken: tokenHash, resetTokenExpiry: MoreThan(now) });
  }

  count(): Promise<number> {
    return this.users.count();
  }

  create(user: Pick<User, 'username' | 'email' | 'password' | 'name'>): Promise<User> {
    return this.users.save(this.users.create({ ...user, email: user.email.toLowerCase(), bio: null, avatarUrl: null }));
  }

  save(user: User): Promise<User> {
    return this.users.save(user);
  }
}

import { Injectable } from '@nestjs/common';
import { conflict, forbidden, notFound } from '../common/domain-error';
import { DomainEvents } from '../common/domain-events';
import { AuthorDto, UpdateUserDto, UserDto } from './dto/user.dto';
import { User } from './user.entity';
import { UsersRepository } from './users.repository';

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly events: DomainEvents,
  ) {}

  async getUser(id: number, viewer: User | undefined): Promise<UserDto> {
    const user = await this.users.findById(id);
    if (!user) throw notFound('USER_NOT_FOUND', 'User not found');
    return UserDto.from(user, { own: viewer?.id === user.id });
  }

  /** What readers see of a post's author (null when the post has none, or the account is gone). */
  async getAuthor(id: number | null): Promise<AuthorDto | null> {
    const user = id === null ? null : await this.users.findById(id);
    return user ? AuthorDto.from(user) : null;
  }

  /**
   * The accounts as auth needs them (sign-in, sessions, registration, password reset): auth owns the credential
   * rules (hashing, limits, tokens), this module owns the users table.
   */
  findAccount(id: number): Promise<User | null> {
    return this.users.findById(id);
  }

  /** Sign-in accepts either the username or the email address. */
  findAccountByLogin(login: string): Promise<User | null> {
    return this.users.findByUsernameOrEmail(login);
  }

  countAccounts(): Promise<number> {
    return this.users.count();
  }

  /**
   * A new account; 409 USER_TAKEN when the username or email is registered. The password is hashed (slow, limited)
   * only once the names are known to be free.
   */
  async createAccount(
    account: Pick<User, 'username' | 'email' | 'name'>,
    passwordHash: () => Promise<string>,
    { claim }: { claim: boolean },
  ): Promise<User> {
    if (await this.users.findByUsernameOrEmailTaken(account.username, account.email)) {
      throw conflict('USER_TAKEN', 'This username or email is already registered');
    }
    return this.users.create({ ...account, password: await passwordHash() }, { claim });
  }

  /** The account of this email address (reset links are mailed to it), or null. */
  findAccountByEmail(email: string): Promise<User | null> {
    return this.users.findByEmail(email);
  }

  async updateUser(id: number, changes: UpdateUserDto, viewer: User): Promise<UserDto> {
    if (viewer.id !== id) throw forbidden('NOT_YOUR_PROFILE', 'You can only edit your own profile');
    const user = await this.users.findById(id);
    if (!user) throw notFound('USER_NOT_FOUND', 'User not found');
    const bylineBefore = AuthorDto.from(user);
    user.name = changes.name;
    if (changes.bio !== undefined) user.bio = changes.bio?.trim() || null;
    const saved = await this.users.save(user);
    await this.events.emit('author.changed', { id, before: bylineBefore, after: AuthorDto.from(saved) });
    return UserDto.from(saved, { own: true });
  }
}

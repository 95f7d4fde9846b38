import { Injectable } from '@nestjs/common';
import { ContentTag, recordContentChange } from '../common/content-tags';
import { forbidden, notFound } from '../common/domain-error';
import { AuthorDto, UpdateUserDto, UserDto } from './dto/user.dto';
import { User } from './user.entity';
import { UsersRepository } from './users.repository';

@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  async getUser(id: number, viewer: User | undefined): Promise<UserDto> {
    const user = await this.users.findById(id);
    if (!user) throw notFound('USER_NOT_FOUND', 'User not found');
    return UserDto.from(user, { withEmail: viewer?.id === user.id });
  }

  /** What readers see of a post's author (null when the post has none, or the account is gone). */
  async getAuthor(id: number | null): Promise<AuthorDto | null> {
    const user = id === null ? null : await this.users.findById(id);
    return user ? AuthorDto.from(user) : null;
  }

  async updateUser(id: number, changes: UpdateUserDto, viewer: User): Promise<UserDto> {
    if (viewer.id !== id) throw forbidden('NOT_YOUR_PROFILE', 'You can only edit your own profile');
    const user = await this.users.findById(id);
    if (!user) throw notFound('USER_NOT_FOUND', 'User not found');
    const bylineBefore = JSON.stringify(AuthorDto.from(user));
    user.name = changes.name;
    if (changes.bio !== undefined) user.bio = changes.bio?.trim() || null;
    // Readers see the name and avatar on the author's post pages; the bio is shown on no public page.
    recordContentChange(JSON.stringify(AuthorDto.from(user)) === bylineBefore ? ContentTag.nothingShown : ContentTag.author(id));
    return UserDto.from(await this.users.save(user), { withEmail: true });
  }
}

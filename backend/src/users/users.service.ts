import { Injectable } from '@nestjs/common';
import { forbidden, notFound } from '../common/domain-error';
import { UpdateUserDto, UserDto } from './dto/user.dto';
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

  async updateUser(id: number, changes: UpdateUserDto, viewer: User): Promise<UserDto> {
    if (viewer.id !== id) throw forbidden('NOT_YOUR_PROFILE', 'You can only edit your own profile');
    const user = await this.users.findById(id);
    if (!user) throw notFound('USER_NOT_FOUND', 'User not found');
    user.name = changes.name;
    if (changes.bio !== undefined) user.bio = changes.bio?.trim() || null;
    return UserDto.from(await this.users.save(user), { withEmail: true });
  }
}

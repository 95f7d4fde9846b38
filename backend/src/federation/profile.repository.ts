import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { User } from '../users/user.entity';

/** What the blog's actor shows of its author: the first account's avatar (the blog has one author). */
@Injectable()
export class ProfileRepository {
  constructor(private readonly dataSource: DataSource) {}

  async authorAvatar(): Promise<string | null> {
    const author = await this.dataSource
      .getRepository(User)
      .findOne({ select: { id: true, avatarUrl: true }, where: {}, order: { id: 'ASC' } });
    return author?.avatarUrl ?? null;
  }
}

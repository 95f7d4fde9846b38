import { Injectable } from '@nestjs/common';
import { DataSource, LessThanOrEqual, MoreThan, Repository } from 'typeorm';
import { ApiToken } from '../tokens/api-token.entity';
import { User } from '../users/user.entity';
import { PasswordResetToken } from './password-reset-token.entity';

/** The mailed reset links (their hashes) and what using one does. */
@Injectable()
export class PasswordResetTokens {
  private readonly tokens: Repository<PasswordResetToken>;

  constructor(private readonly dataSource: DataSource) {
    this.tokens = dataSource.getRepository(PasswordResetToken);
  }

  /** One more valid link for the account: the ones already mailed stay valid (an expired one is forgotten). */
  async add(userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.tokens.delete({ userId, expiresAt: LessThanOrEqual(new Date()) });
    await this.tokens.insert({ userId, tokenHash, expiresAt });
  }

  /**
   * Sets the password of the account holding this unexpired link; false when none does. One transaction: the link
   * is used up (of two uses at once, one wins), with every other link of the account, and so are its API tokens,
   * since whoever made the reset necessary may have made some. Sessions end by themselves: each keeps a stamp of
   * the password it was opened with (session-authenticator.ts).
   */
  async redeem(tokenHash: string, passwordHash: () => Promise<string>): Promise<boolean> {
    const link = await this.tokens.findOneBy({ tokenHash, expiresAt: MoreThan(new Date()) });
    if (!link) return false;
    const password = await passwordHash();
    return this.dataSource.transaction(async (manager) => {
      const { affected } = await manager.delete(PasswordResetToken, { id: link.id });
      if (!affected) return false;
      await manager.update(User, link.userId, { password });
      await manager.delete(PasswordResetToken, { userId: link.userId });
      await manager.delete(ApiToken, { userId: link.userId });
      return true;
    });
  }
}

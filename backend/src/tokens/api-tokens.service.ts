import { HttpStatus, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, IsNull, LessThanOrEqual, Or, Repository } from 'typeorm';
import { badRequest, DomainError, notFound } from '../common/domain-error';
import { User } from '../users/user.entity';
import { ApiToken } from './api-token.entity';
import { ApiTokenDto, CreateApiTokenDto, CreatedApiTokenDto } from './dto/api-token.dto';

/** Recognisable in a leaked log or a secret scanner's rules; the rest is 32 random bytes. */
export const TOKEN_PREFIX = 'mdw_';
/** Enough for every script an author runs; keeps the list (and a runaway script) bounded. */
export const MAX_TOKENS_PER_USER = 50;
const LAST_USED_PRECISION_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A refused bearer token: the middleware answers it with 401 and a `WWW-Authenticate: Bearer` challenge. */
export class InvalidTokenError extends DomainError {
  constructor(code: 'TOKEN_INVALID' | 'TOKEN_EXPIRED', message: string) {
    super(code, message, HttpStatus.UNAUTHORIZED);
  }
}

@Injectable()
export class ApiTokensService {
  private readonly tokens: Repository<ApiToken>;

  constructor(dataSource: DataSource) {
    this.tokens = dataSource.getRepository(ApiToken);
  }

  async create(owner: User, input: CreateApiTokenDto): Promise<CreatedApiTokenDto> {
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    // Written as "not after now" so that a date the validator let through but Date cannot read (NaN) is refused too.
    if (expiresAt && !(expiresAt.getTime() > Date.now())) throw badRequest('TOKEN_EXPIRY_PAST', 'expiresAt must be a date in the future');
    if ((await this.tokens.countBy({ userId: owner.id })) >= MAX_TOKENS_PER_USER) {
      throw new DomainError('TOKEN_LIMIT', `At most ${MAX_TOKENS_PER_USER} API tokens; revoke one first`, HttpStatus.CONFLICT);
    }
    const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const saved = await this.tokens.save(
      this.tokens.create({ userId: owner.id, name: input.name, tokenHash: hashToken(token), lastUsedAt: null, expiresAt }),
    );
    const { id, name, createdAt, expiresAt: expires } = ApiTokenDto.from(saved);
    return { id, name, token, createdAt, expiresAt: expires };
  }

  async list(owner: User): Promise<ApiTokenDto[]> {
    const tokens = await this.tokens.find({ where: { userId: owner.id }, order: { createdAt: 'DESC', id: 'DESC' } });
    return tokens.map(ApiTokenDto.from);
  }

  /** Revoking deletes the token: from then on it is unknown. Only the owner's own tokens. */
  async revoke(owner: User, id: number): Promise<void> {
    const { affected } = await this.tokens.delete({ id, userId: owner.id });
    if (!affected) throw notFound('TOKEN_NOT_FOUND', 'API token not found');
  }

  /** The user a bearer token stands for, or an InvalidTokenError (unknown, revoked or expired). */
  async authenticate(token: string): Promise<{ user: User; tokenId: number }> {
    const found = token.startsWith(TOKEN_PREFIX)
      ? await this.tokens.findOne({ where: { tokenHash: hashToken(token) }, relations: { user: true } })
      : null;
    if (!found?.user) throw new InvalidTokenError('TOKEN_INVALID', 'The API token is unknown or has been revoked');
    const now = new Date();
    if (found.expiresAt && found.expiresAt <= now) throw new InvalidTokenError('TOKEN_EXPIRED', 'The API token has expired');
    await this.recordUse(found, now);
    return { user: found.user, tokenId: found.id };
  }

  /**
   * lastUsedAt to the minute: written only when the stored one is a minute old, and the condition is in the UPDATE
   * too, so parallel requests (on any instance) write it once rather than once each.
   */
  private async recordUse(token: ApiToken, now: Date): Promise<void> {
    const staleBefore = new Date(now.getTime() - LAST_USED_PRECISION_MS);
    if (token.lastUsedAt && token.lastUsedAt > staleBefore) return;
    await this.tokens.update({ id: token.id, lastUsedAt: Or(IsNull(), LessThanOrEqual(staleBefore)) }, { lastUsedAt: now });
  }
}

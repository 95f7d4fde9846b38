import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../common/domain-events';
import { PublicOrigin } from '../common/public-origin';
import { SettingKey } from '../settings/setting-defaults';
import { SettingsRepository } from '../settings/settings.repository';
import { FederationSettingsDto, FediverseAccountDto, HANDLE_PATTERN, UpdateFederationSettingsDto } from './dto/federation.dto';
import { ACTOR_PATH } from './federation-paths';

export interface FederationSettings {
  /** The name before the @ of `@name@host`, which WebFinger answers for. */
  handle: string;
  /** Follows wait for the author's approval. */
  approveFollows: boolean;
}

export const DEFAULT_FEDERATION_SETTINGS: FederationSettings = { handle: 'blog', approveFollows: false };

/** A stored value read over the defaults, each field checked (a value stored by an older build may lack one). */
function readSettings(stored: Partial<FederationSettings>): FederationSettings {
  return {
    handle: typeof stored.handle === 'string' && HANDLE_PATTERN.test(stored.handle) ? stored.handle : DEFAULT_FEDERATION_SETTINGS.handle,
    approveFollows: typeof stored.approveFollows === 'boolean' ? stored.approveFollows : DEFAULT_FEDERATION_SETTINGS.approveFollows,
  };
}

/** The blog's fediverse settings (a setting row like the comments'): its handle and whether follows wait for approval. */
@Injectable()
export class FederationSettingsService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly events: DomainEvents,
    private readonly origin: PublicOrigin,
  ) {}

  async get(): Promise<FederationSettings> {
    return readSettings(await this.settings.read<FederationSettings>(SettingKey.Federation));
  }

  async view(): Promise<FederationSettingsDto> {
    return this.viewOf(await this.get());
  }

  /** The handle alone (public: a post's page credits it in `fediverse:creator`). */
  async account(): Promise<FediverseAccountDto> {
    return { account: this.viewOf(await this.get()).account };
  }

  /**
   * Only the fields sent change. A new handle is found by WebFinger at once; the actor's id stays (followers keep
   * following), and Mastodon shows the new name the next time it reads the actor.
   */
  async update(changes: UpdateFederationSettingsDto): Promise<FederationSettingsDto> {
    const sent = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const next: FederationSettings = { ...(await this.get()), ...sent };
    await this.settings.write(SettingKey.Federation, next);
    await this.events.emit('settings.changed', { key: SettingKey.Federation });
    return this.viewOf(next);
  }

  private viewOf(settings: FederationSettings): FederationSettingsDto {
    const origin = new URL(this.origin.get());
    return {
      ...settings,
      account: `@${settings.handle}@${origin.host}`,
      actorUrl: new URL(ACTOR_PATH, origin).href,
    };
  }
}

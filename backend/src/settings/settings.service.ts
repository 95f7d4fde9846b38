import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../common/domain-events';
import { HomeLayoutDto, SocialLinksDto, UpdateHomeLayoutDto, UpdateSocialLinksDto } from './dto/settings.dto';
import { DEFAULT_HOME_LAYOUT, HomeLayout } from '@mudawwana/rules';
import { DEFAULT_SOCIAL_LINKS, SettingKey, SocialLinks } from './setting-defaults';
import { SettingsRepository } from './settings.repository';

/** Keeps only the known keys of a stored value, over the defaults (a stored value may predate a new field). */
function withDefaults<T extends object>(defaults: T, stored: Partial<T>): T {
  const result = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T)[]) if (stored[key] !== undefined) result[key] = stored[key] as T[keyof T];
  return result;
}

@Injectable()
export class SettingsService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly events: DomainEvents,
  ) {}

  async getSocialLinks(): Promise<SocialLinksDto> {
    return withDefaults(DEFAULT_SOCIAL_LINKS, await this.settings.read<SocialLinks>(SettingKey.SocialLinks));
  }

  async updateSocialLinks(changes: UpdateSocialLinksDto): Promise<SocialLinksDto> {
    const links = withDefaults(await this.getSocialLinks(), changes as Partial<SocialLinks>);
    await this.settings.write(SettingKey.SocialLinks, links);
    await this.events.emit('settings.changed', { key: SettingKey.SocialLinks });
    return links;
  }

  async getHomeLayout(): Promise<HomeLayoutDto> {
    return withDefaults(DEFAULT_HOME_LAYOUT, await this.settings.read<HomeLayout>(SettingKey.HomeLayout));
  }

  async updateHomeLayout(changes: UpdateHomeLayoutDto): Promise<HomeLayoutDto> {
    const layout = withDefaults(await this.getHomeLayout(), changes as Partial<HomeLayout>);
    await this.settings.write(SettingKey.HomeLayout, layout);
    await this.events.emit('settings.changed', { key: SettingKey.HomeLayout });
    return layout;
  }
}

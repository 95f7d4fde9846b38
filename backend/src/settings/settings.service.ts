import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../common/domain-events';
import {
  DateDisplayDto,
  HomeLayoutDto,
  SocialLinksDto,
  UpdateDateDisplayDto,
  UpdateHomeLayoutDto,
  UpdateSocialLinksDto,
} from './dto/settings.dto';
import { dateDisplayOf, DEFAULT_HOME_LAYOUT, HomeLayout, type DateDisplay } from '@mudawwana/rules';
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

  async getDateDisplay(): Promise<DateDisplayDto> {
    return dateDisplayOf(await this.settings.read<DateDisplay>(SettingKey.DateDisplay));
  }

  /** Every page showing a date or a count is built again (site/pages-touched.ts). */
  async updateDateDisplay(changes: UpdateDateDisplayDto): Promise<DateDisplayDto> {
    const display = withDefaults(await this.getDateDisplay(), changes);
    await this.settings.write(SettingKey.DateDisplay, display);
    await this.events.emit('settings.changed', { key: SettingKey.DateDisplay });
    return display;
  }
}

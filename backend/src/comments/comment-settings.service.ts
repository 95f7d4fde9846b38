import { Injectable } from '@nestjs/common';
import { COMMENT_MODERATION_MODES, DEFAULT_COMMENT_SETTINGS, type CommentSettings } from '@mudawwana/rules';
import { DomainEvents } from '../common/domain-events';
import { SettingKey } from '../settings/setting-defaults';
import { SettingsRepository } from '../settings/settings.repository';
import type { UpdateCommentSettingsDto } from './dto/comment.dto';

/** A stored value read over the defaults, each field checked (a value stored by an older build may lack or misname one). */
function readSettings(stored: Partial<CommentSettings>): CommentSettings {
  return {
    enabled: typeof stored.enabled === 'boolean' ? stored.enabled : DEFAULT_COMMENT_SETTINGS.enabled,
    moderation: COMMENT_MODERATION_MODES.includes(stored.moderation!) ? stored.moderation! : DEFAULT_COMMENT_SETTINGS.moderation,
    maxLinks: Number.isInteger(stored.maxLinks) ? stored.maxLinks! : DEFAULT_COMMENT_SETTINGS.maxLinks,
    blocklist: Array.isArray(stored.blocklist) ? stored.blocklist.filter((word) => typeof word === 'string') : [],
  };
}

/** The blog's comment settings (a setting row like the home layout's): the site-wide switch, moderation, spam rules. */
@Injectable()
export class CommentSettingsService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly events: DomainEvents,
  ) {}

  async get(): Promise<CommentSettings> {
    return readSettings(await this.settings.read<CommentSettings>(SettingKey.Comments));
  }

  async update(changes: UpdateCommentSettingsDto): Promise<CommentSettings> {
    const current = await this.get();
    const blocklist = changes.blocklist ? [...new Set(changes.blocklist.map((word) => word.trim()).filter(Boolean))] : current.blocklist;
    // Only the fields sent: the DTO's other fields are there too, undefined (class fields), and would erase them.
    const sent = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const next: CommentSettings = { ...current, ...sent, blocklist };
    await this.settings.write(SettingKey.Comments, next);
    await this.events.emit('settings.changed', { key: SettingKey.Comments });
    return next;
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import { Setting } from './setting.entity';
import { SettingKey } from './setting-defaults';

/** Settings are JSON values under a key. */
@Injectable()
export class SettingsRepository {
  private readonly settings: Repository<Setting>;

  constructor(dataSource: DataSource) {
    this.settings = dataSource.getRepository(Setting);
  }

  async read<T>(key: SettingKey): Promise<Partial<T>> {
    const row = await this.settings.findOneBy({ key });
    if (!row) return {};
    try {
      return JSON.parse(row.value) as Partial<T>;
    } catch {
      return {};
    }
  }

  async write<T>(key: SettingKey, value: T): Promise<void> {
    await this.settings.upsert({ key, value: JSON.stringify(value) }, ['key']);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';
import { DEFAULT_HOME_LAYOUT, HEADER_CATEGORIES } from '@mudawwana/rules';
import { DEFAULT_SOCIAL_LINKS, SettingKey } from '../../settings/setting-defaults';

/**
 * The content a brand-new blog starts with: the five header categories of SPEC §2, empty social links and
 * the default home layout. A migration (not start-up code) so it happens once: categories the author
 * deletes later do not come back. The same for both drivers, through the query builder.
 */
export class SeedDefaults1795304200000 implements MigrationInterface {
  name = 'SeedDefaults1795304200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const builder = () => queryRunner.manager.createQueryBuilder();
    await builder()
      .insert()
      .into('categories', ['name', 'slug'])
      .values([...HEADER_CATEGORIES])
      .orIgnore()
      .execute();
    await builder()
      .insert()
      .into('settings', ['key', 'value'])
      .values([
        { key: SettingKey.SocialLinks, value: JSON.stringify(DEFAULT_SOCIAL_LINKS) },
        { key: SettingKey.HomeLayout, value: JSON.stringify(DEFAULT_HOME_LAYOUT) },
      ])
      .orIgnore()
      .execute();
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const slugs = HEADER_CATEGORIES.map((category) => category.slug);
    await queryRunner.manager.createQueryBuilder().delete().from('categories').where('slug IN (:...slugs)', { slugs }).execute();
    await queryRunner.manager
      .createQueryBuilder()
      .delete()
      .from('settings')
      .where('key IN (:...keys)', { keys: [SettingKey.SocialLinks, SettingKey.HomeLayout] })
      .execute();
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ChangeClock } from './change-clock';
import { loadStaticPageSlugs } from './site-data';

/**
 * The static pages' slugs (a handful), kept until a change to pages: a one-segment path that is no page, what
 * scanners try most (/wp-login.php, /.env), is answered without reading the database.
 */
@Injectable()
export class StaticPageSlugs {
  private slugs?: ReadonlySet<string>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: ChangeClock,
  ) {}

  async has(slug: string): Promise<boolean> {
    if (this.slugs) return this.slugs.has(slug);
    const changesBefore = this.clock.mark();
    const slugs = await loadStaticPageSlugs(this.dataSource);
    // Kept only when no change to pages can have happened since it was read (the same rule as pages in memory).
    if (this.clock.readCurrent(changesBefore)) this.slugs = slugs;
    return slugs.has(slug);
  }

  /** A change to the static pages (or to everything): read them again when next asked. */
  forget(): void {
    this.slugs = undefined;
  }
}

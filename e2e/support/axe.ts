import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * An axe-core check of the page as it is now. AxeBuilder's default run is made for pages with frames from other
 * origins: it runs axe in each frame, then opens a new tab to merge their results, so every check also pays for a tab
 * and a second copy of axe's half-megabyte script (about half of each check's time on CI's two cores, and the tests
 * make over a hundred checks). A page without frames gets the same results (the same rules on the same nodes) from one
 * run of axe in the page itself, AxeBuilder's legacy mode; a page with frames still gets the default run.
 */
export function axeCheck(page: Page): AxeBuilder {
  const builder = new AxeBuilder({ page });
  return page.frames().length === 1 ? builder.setLegacyMode() : builder;
}

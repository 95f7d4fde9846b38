import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * An axe-core check of the page as it is now. AxeBuilder's default run is made for pages with frames from other
 * origins: it runs axe in each frame, then opens a new tab to merge their results, so every check also pays for a tab
 * and a second copy of axe's half-megabyte script (about half of each check's time on CI's two cores, and the tests
 * make over a hundred checks). A page without frames gets the same results (the same rules on the same nodes) from one
 * run of axe in the page itself, AxeBuilder's legacy mode; a page with frames still gets the default run.
 *
 * The tests read only the violations. axe's `resultTypes` option keeps full details (a selector and the HTML of each
 * node) for those alone, instead of for every node that passed or was left incomplete: the same rules run on the same
 * nodes and report the same violations, in about half the time (docs/decisions/032-fast-ci.md).
 */
export function axeCheck(page: Page): AxeBuilder {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  return page.frames().length === 1 ? builder.setLegacyMode() : builder;
}

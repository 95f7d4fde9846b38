import { request, type Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { linkIn } from '../../backend/test/support/smtp';
import { AUTHOR, expect, keepScreenshot, test } from '../support/fixtures';

/**
 * The pages that a newsletter mail's links open, as a reader on a phone sees them without JavaScript: opening a link
 * only asks; the page's button (a form POST) confirms or unsubscribes (docs/decisions/016, issue 21).
 */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const EMAIL = 'phone-reader@example.com';

/** The mail to `address` in the server's outbox (the test server has no SMTP), parsed. */
async function outboxMailTo(dataDir: string, address: string): Promise<ParsedMail> {
  const outbox = join(dataDir, 'outbox');
  let found: ParsedMail | undefined;
  await expect
    .poll(async () => {
      for (const file of readdirSync(outbox)) {
        const mail = await simpleParser(readFileSync(join(outbox, file)));
        if (JSON.stringify(mail.to ?? '').includes(address)) found = mail;
      }
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

async function subscriberStatus(baseURL: string): Promise<string | undefined> {
  const author = await request.newContext({ baseURL });
  await author.post('/api/login', { data: { username: AUTHOR.username, password: AUTHOR.password } });
  const list = (await (await author.get('/api/newsletter')).json()) as { email: string; status: string }[];
  await author.dispose();
  return list.find((subscriber) => subscriber.email === EMAIL)?.status;
}

/** The page fits the phone's width, in the light and the dark theme (the system's, as without JavaScript). */
async function fitsBothThemes(page: Page, name: string): Promise<void> {
  for (const [colorScheme, background] of [
    ['light', 'rgb(244, 244, 245)'],
    ['dark', 'rgb(9, 9, 11)'],
  ] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
    await keepScreenshot(page, `${name}-phone-${colorScheme}.png`, { fullPage: true });
  }
}

test('a newsletter link opens a page whose button confirms or unsubscribes, on a phone without JavaScript', async ({ browser, site }) => {
  const subscribed = await fetch(`${site.baseURL}/api/newsletter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL }),
  });
  expect(subscribed.status).toBe(202);
  const mail = await outboxMailTo(site.dataDir, EMAIL);
  const context = await browser.newContext({ ...PHONE, locale: 'ar', javaScriptEnabled: false });
  const page = await context.newPage();

  // the confirmation link: a page that asks, and nothing changes until its button is pressed
  await page.goto(linkIn(mail.text ?? '', '/api/newsletter/confirm'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تأكيد الاشتراك في النشرة البريدية');
  const confirm = page.getByRole('button', { name: 'تأكيد الاشتراك' });
  await expect(confirm).toBeInViewport();
  await fitsBothThemes(page, 'newsletter-confirm');
  expect(await subscriberStatus(site.baseURL)).toBe('pending');
  await confirm.tap();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تم تأكيد اشتراكك');
  expect(await subscriberStatus(site.baseURL)).toBe('confirmed');

  // the unsubscribe link of the same mail
  await page.goto(linkIn(mail.text ?? '', '/api/newsletter/unsubscribe'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('إلغاء الاشتراك في النشرة البريدية');
  await fitsBothThemes(page, 'newsletter-unsubscribe');
  expect(await subscriberStatus(site.baseURL)).toBe('confirmed');
  await page.getByRole('button', { name: 'إلغاء الاشتراك' }).tap();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تم إلغاء اشتراكك');
  expect(await subscriberStatus(site.baseURL)).toBe('unsubscribed');
  await context.close();
});

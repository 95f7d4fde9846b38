import { describe, expect, it } from 'vitest';
import { admin as t, ATTEMPTS, DELIVERIES_AFTER_MIN, FOLLOWERS, FOLLOWERS_AFTER_MIN, FOLLOW_REQUESTS } from '@/i18n/admin';
import { plural } from '@/i18n/plural';
import { ApiError } from '../api';
import {
  ACTIVITY_LABEL,
  blockError,
  canRetry,
  DELIVERY_TABS,
  deliveryTabCount,
  handleError,
  serverOf,
  shownDeliveryTabs,
  viewFrom,
} from './fediverse-rules';

describe('the fediverse screen: Arabic number agreement', () => {
  it.each([
    [0, 'لا متابعين', 'لا طلبات', 'لا محاولات بعد'],
    [1, 'متابع واحد', 'طلب واحد', 'محاولة واحدة'],
    [2, 'متابعان', 'طلبان', 'محاولتان'],
    [3, '3 متابعين', '3 طلبات', '3 محاولات'],
    [10, '10 متابعين', '10 طلبات', '10 محاولات'],
    [11, '11 متابعًا', '11 طلبًا', '11 محاولة'],
    [99, '99 متابعًا', '99 طلبًا', '99 محاولة'],
    [100, '100 متابع', '100 طلب', '100 محاولة'],
    [103, '103 متابعين', '103 طلبات', '103 محاولات'],
  ])('%i → %s, %s, %s', (count, followers, requests, attempts) => {
    expect(plural(count, FOLLOWERS)).toBe(followers);
    expect(plural(count, FOLLOW_REQUESTS)).toBe(requests);
    expect(plural(count, ATTEMPTS)).toBe(attempts);
  });

  it('says how many follow the blog, and how many requests wait', () => {
    expect(t.followersTotal(1)).toBe('يتابع المدونة: متابع واحد');
    expect(t.followersTotal(2)).toBe('يتابع المدونة: متابعان');
    expect(t.followersTotal(0)).toBe('يتابع المدونة: لا متابعين');
    expect(t.followRequestsWaiting(3)).toBe('3 طلبات بانتظار موافقتك');
    expect(t.deliveryAttempts(8)).toBe('المحاولات: 8 محاولات');
  });

  it("puts followers and deliveries in the genitive after 'من' in the pagination captions", () => {
    expect(plural(2, FOLLOWERS_AFTER_MIN)).toBe('متابعَين');
    expect(t.followersShowing(1, 10, 12)).toBe('عرض 1 إلى 10 من 12 متابعًا');
    expect(t.followersShowing(1, 10, 10)).toBe('عرض 1 إلى 10 من 10 متابعين');
    expect(plural(2, DELIVERIES_AFTER_MIN)).toBe('عمليتي إرسال');
    expect(t.deliveriesShowing(11, 15, 15)).toBe('عرض 11 إلى 15 من 15 عملية إرسال');
    expect(t.deliveriesShowing(1, 10, 103)).toBe('عرض 1 إلى 10 من 103 عمليات إرسال');
  });
});

describe('the fediverse screen: sections and deliveries', () => {
  it('opens the section the address names, else the followers', () => {
    expect(viewFrom('deliveries')).toBe('deliveries');
    expect(viewFrom('blocks')).toBe('blocks');
    expect(viewFrom(null)).toBe('followers');
    expect(viewFrom('settings')).toBe('followers');
  });

  it('names every activity the blog sends in Arabic words', () => {
    expect(ACTIVITY_LABEL).toEqual({
      Create: 'نشر مقالة',
      Update: 'تعديل مقالة',
      Delete: 'سحب مقالة',
      Accept: 'قبول متابعة',
      Reject: 'رفض متابعة',
    });
  });

  it('counts each state, and every state for «الكل»', () => {
    const counts = { pending: 1, sending: 0, delivered: 7, failed: 2, gone: 1 };
    expect(DELIVERY_TABS.map(({ value }) => deliveryTabCount(counts, value))).toEqual([11, 2, 1, 1, 0, 7]);
    expect(deliveryTabCount(undefined, 'failed')).toBeUndefined();
  });

  it('shows «يُرسل الآن» only while something is being sent, or when it is the open tab', () => {
    const idle = { pending: 1, sending: 0, delivered: 7, failed: 2, gone: 1 };
    const names = (tabs: typeof DELIVERY_TABS) => tabs.map(({ value }) => value);
    expect(names(shownDeliveryTabs(idle, 'all'))).toEqual(['all', 'failed', 'gone', 'pending', 'delivered']);
    expect(names(shownDeliveryTabs({ ...idle, sending: 1 }, 'all'))).toContain('sending');
    expect(names(shownDeliveryTabs(idle, 'sending'))).toContain('sending');
    expect(names(shownDeliveryTabs(undefined, 'all'))).not.toContain('sending');
  });

  it('offers a retry only where the server takes one: failed or gone', () => {
    expect((['pending', 'sending', 'delivered', 'failed', 'gone'] as const).filter(canRetry)).toEqual(['failed', 'gone']);
  });

  it("names an inbox's server by its host and port, and keeps an address it cannot read", () => {
    expect(serverOf('https://mastodon.example/inbox')).toBe('mastodon.example');
    expect(serverOf('http://127.0.0.1:8080/users/alice/inbox')).toBe('127.0.0.1:8080');
    expect(serverOf('not a url')).toBe('not a url');
  });
});

describe('the fediverse screen: refusals in Arabic', () => {
  const invalid = new ApiError(400, { statusCode: 400, message: ['handle must be 1 to 30 lower-case latin letters, digits or _'] }, '');

  it("says the handle's rule for the API's validation answer (which carries no code), and the code's sentence otherwise", () => {
    expect(handleError(invalid)).toBe(t.handleInvalid);
    expect(handleError(new ApiError(401, { statusCode: 401, message: 'x', code: 'NOT_SIGNED_IN' }, ''))).toBe('يجب تسجيل الدخول أولًا');
    expect(handleError(new Error('offline'))).toBe(t.handleSaveError);
  });

  it('says why a block was refused: the codes have their sentences', () => {
    expect(blockError(new ApiError(400, { statusCode: 400, message: 'x', code: 'BLOCK_INVALID' }, ''))).toBe(
      'اكتب اسم نطاق (مثل spam.example) أو عنوان حساب كاملًا يبدأ بـ https://',
    );
    expect(blockError(new ApiError(409, { statusCode: 409, message: 'x', code: 'BLOCK_EXISTS' }, ''))).toBe(
      'هذا الخادم أو الحساب محظور بالفعل',
    );
    expect(blockError(new ApiError(400, { statusCode: 400, message: ['value is required'] }, ''))).toBe(t.blockValueRequired);
  });
});

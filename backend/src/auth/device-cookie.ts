import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../config/app-config';

export const DEVICE_COOKIE = 'mudawwana.device';
const DEVICE_COOKIE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/** Sent only to the sign-in routes (/api/login and /api/login/form), the only ones that read it. */
const DEVICE_COOKIE_PATH = '/api/login';

/** A browser that has signed in to an account before, as its device cookie proves. */
export interface KnownDevice {
  userId: number;
  /** The cookie's random part: the key of this device's own budget of failed sign-ins. */
  id: string;
}

/** `userId.expiresInSeconds.nonce`: what the signature covers. */
const PAYLOAD = /^(\d{1,15})\.(\d{1,15})\.([\w-]{22})$/;

/**
 * OWASP's device cookies ("Slow Down Online Guessing Attacks with Device Cookies"): a browser that signs in to an
 * account, or registers it, gets a cookie naming that account, signed with a key derived from SESSION_SECRET (which
 * every instance on one database shares already, for the sessions). A sign-in that presents a valid one for the
 * account it tries is judged by that device's own budget instead of the account's lockout (sign-in-limits.ts), so
 * strangers guessing the author's password cannot lock the author's own browser out. Nothing is stored on the
 * server; the cookie expires (inside the signature too) a year after the last sign-in that issued it.
 */
@Injectable()
export class DeviceCookies {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // A key of its own, so the session secret signs nothing else than sessions.
    this.key = createHmac('sha256', config.sessionSecret).update('mudawwana device cookie').digest();
  }

  /** Gives this browser a fresh device cookie for `userId` (after a successful sign-in or registration). */
  issue(request: Request, response: Response, userId: number): void {
    const expires = Math.floor((Date.now() + DEVICE_COOKIE_TTL_MS) / 1000);
    const payload = `${userId}.${expires}.${randomBytes(16).toString('base64url')}`;
    response.cookie(DEVICE_COOKIE, `${payload}.${this.sign(payload)}`, {
      path: DEVICE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: request.secure,
      maxAge: DEVICE_COOKIE_TTL_MS,
    });
  }

  /** The devices this request proves to be (valid, unexpired device cookies); none when forged, expired or absent. */
  presentedBy(request: Request, now = Date.now()): KnownDevice[] {
    return cookieValues(request.headers.cookie, DEVICE_COOKIE).flatMap((value) => {
      const dot = value.lastIndexOf('.');
      const payload = value.slice(0, dot);
      const match = PAYLOAD.exec(payload);
      if (!match || !this.verify(payload, value.slice(dot + 1))) return [];
      const [, userId, expires, nonce] = match;
      return Number(expires) * 1000 > now ? [{ userId: Number(userId), id: nonce }] : [];
    });
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  private verify(payload: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** Every value of the cookie `name` in a Cookie header (a browser may send several, set for different paths). */
function cookieValues(header: string | undefined, name: string): string[] {
  return (header ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1));
}

import { createHash } from 'node:crypto';
import { AttemptLimiter } from '../common/attempt-limiter';
import type { KnownDevice } from './device-cookie';

const WINDOW_MS = 15 * 60_000;
const limiter = (limit: number) => new AttemptLimiter(limit, WINDOW_MS, 'Too many failed sign-in attempts; try again later');

/** Who is signing in, as far as the limits are concerned. */
export interface SignInClient {
  /** The request's address as `clientAddressKey` gives it: an IPv4 address, or an IPv6 /64. */
  address: string;
  /** The accounts this browser has signed in to before (its device cookies). */
  devices: KnownDevice[];
}

/** An attempt counted: what to give back once the password turns out to be right. */
export interface CountedAttempt {
  succeeded(): void;
}

/**
 * Failed sign-ins allowed in 15 minutes, following OWASP's device cookies:
 * - from a browser that has signed in to this account before (a valid device cookie for it): 10 for that device,
 *   and nothing else counts, so the author's own browser keeps signing in while strangers have spent the account's
 *   budget, even from an address they share;
 * - from any other (unknown) device: 30 per address, 10 for the account from one address (a stranger guessing from
 *   one address is stopped there), and 200 for the account from all unknown devices together (the lockout that a
 *   guess spread over many addresses meets). A name without an account has such a budget too, so the answers do
 *   not tell which names exist.
 * Each attempt is counted before the password is checked (a parallel burst cannot pass), and given back on success.
 * Every budget lives in a bounded limiter; accounts apart from unknown names, so a flood of made-up names cannot
 * push an account's count out of memory.
 */
export class SignInLimits {
  private readonly perDevice = limiter(10);
  private readonly perAddress = limiter(30);
  private readonly perAccountFromAddress = limiter(10);
  private readonly perAccount = limiter(200);
  private readonly perUnknownName = limiter(200);

  /** Counts an attempt to sign in to `user` (null: no account has the name `login`), or throws 429 counting nothing. */
  count(user: { id: number } | null, login: string, client: SignInClient): CountedAttempt {
    const device = user && client.devices.find((known) => known.userId === user.id);
    if (device) {
      const deviceKey = `device:${device.id}`;
      this.perDevice.consume([deviceKey]);
      return { succeeded: () => this.perDevice.reset([deviceKey]) };
    }

    // However the account is named (username or email): one budget per account, not one per spelling. A name that
    // is no account's is kept as a fixed-size digest, so a long name costs no more memory than a short one.
    const account = user ? `account:${user.id}` : `unknown:${createHash('sha256').update(login.toLowerCase()).digest('base64url')}`;
    const accountLimiter = user ? this.perAccount : this.perUnknownName;
    const addressKey = `ip:${client.address}`;
    const accountFromAddressKey = `${account}|${addressKey}`;
    // The address first: an address already blocked is refused before anything is kept for the name it tries.
    countInTurn([
      [this.perAddress, addressKey],
      [this.perAccountFromAddress, accountFromAddressKey],
      [accountLimiter, account],
    ]);
    return {
      succeeded: () => {
        this.perAccountFromAddress.reset([accountFromAddressKey]);
        this.perAddress.refund([addressKey]);
        accountLimiter.refund([account]);
      },
    };
  }
}

/** Counts each budget in turn; when one refuses, gives back the ones already counted and passes the 429 on. */
function countInTurn(budgets: [AttemptLimiter, string][]): void {
  budgets.forEach(([limiter, key], index) => {
    try {
      limiter.consume([key]);
    } catch (error) {
      for (const [counted, countedKey] of budgets.slice(0, index)) counted.refund([countedKey]);
      throw error;
    }
  });
}

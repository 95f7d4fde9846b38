import { HttpStatus, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { DataSource } from 'typeorm';
import { DomainError } from '../common/domain-error';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { User } from '../users/user.entity';
import { SetupCodeRow } from './install-claim.entity';

/** No 0/O, 1/I/L: a code read from a log and typed by hand. 31 symbols, 12 of them: about 59 bits. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 12;

/**
 * Whether the blog's address (PUBLIC_URL) is reachable only from this machine: none, localhost, *.localhost,
 * 127.0.0.0/8 or ::1. Anything else may be reached by strangers before its author registers.
 */
export function isLocalUrl(publicUrl: string | undefined): boolean {
  if (!publicUrl) return true;
  const host = new URL(publicUrl).hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/** `ABCD-EFGH-JKMN`: random, in groups of four. */
export function newSetupCode(): string {
  const symbols = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return symbols.match(/.{4}/g)!.join('-');
}

/** One line on stdout whatever the log level (`docker compose logs app` shows it), like the start-up line. */
const announce = (line: string) => process.stdout.write(`mudawwana: ${line}\n`);

/** As typed: case, spaces and hyphens do not matter. */
const normalize = (code: string) => code.replace(/[\s-]+/g, '').toUpperCase();
const digest = (code: string) => createHash('sha256').update(normalize(code)).digest();

/**
 * The one-time code that claims a blog reachable from outside: until its first account exists, anyone who finds the
 * address could otherwise register and become its author. The operator gives it (SETUP_CODE) or the server makes one,
 * stores it (every instance on one database prints and accepts the same) and prints it at start in one log line.
 * The code is removed with the first account (users.repository.ts), so it stops working then.
 */
@Injectable()
export class SetupCode implements OnApplicationBootstrap {
  /** A code is asked for only when the blog is reachable from outside; on localhost registration works as before. */
  readonly required: boolean;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {
    this.required = !isLocalUrl(config.publicUrl);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.required || (await this.dataSource.getRepository(User).count()) > 0) return;
    const where = `the register form at ${this.config.publicUrl}/auth`;
    if (this.config.setupCode) {
      announce(`this blog has no author yet: ${where} asks for the setup code set in SETUP_CODE`);
      return;
    }
    announce(`setup code for the first account: ${await this.stored()} (${where} asks for it; it stops working once that account exists)`);
  }

  /** The code in use: SETUP_CODE, else the stored one (made by the first instance to start). */
  async current(): Promise<string> {
    return this.config.setupCode ?? (await this.stored());
  }

  /** Refuses the first registration (403 SETUP_CODE_INVALID) unless it carries the code, when one is required. */
  async check(given: string | undefined): Promise<void> {
    if (!this.required) return;
    const matches = given !== undefined && timingSafeEqual(digest(given), digest(await this.current()));
    if (!matches) {
      throw new DomainError(
        'SETUP_CODE_INVALID',
        "The setup code is missing or wrong: it is in the server's log at start (or SETUP_CODE)",
        HttpStatus.FORBIDDEN,
      );
    }
  }

  /** Made once: instances that start together insert at most one row, and all read the one that won. */
  private async stored(): Promise<string> {
    const codes = this.dataSource.getRepository(SetupCodeRow);
    await codes.createQueryBuilder().insert().values({ id: 1, code: newSetupCode() }).orIgnore().execute();
    return (await codes.findOneByOrFail({ id: 1 })).code;
  }
}

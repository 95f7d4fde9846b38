import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { Transporter } from 'nodemailer';
import { encodeWords } from 'nodemailer/lib/mime-funcs';
import { APP_CONFIG, AppConfig } from '../config/app-config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header lines, such as List-Unsubscribe. */
  headers?: Record<string, string>;
  /** `<id@domain>`; nodemailer makes one when unset. A newsletter mail sent again after a crash keeps its first one. */
  messageId?: string;
}

/**
 * One pool of SMTP connections for every mail (a newsletter goes out one mail per subscriber): the URL's own `pool`
 * setting wins, and a server that stops answering fails the mail within a minute instead of nodemailer's ten.
 */
function smtpTransport(smtpUrl: string): Transporter {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('socketTimeout')) url.searchParams.set('socketTimeout', '60000');
  return nodemailer.createTransport(url.toString());
}

/**
 * Sends mail over SMTP (SMTP_URL). Without SMTP the message is written as an .eml file to DATA_DIR/outbox
 * and noted in the log, so a local author can still follow a password-reset link.
 */
@Injectable()
export class MailService implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.transport = config.smtpUrl
      ? smtpTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }

  async send(mail: Mail): Promise<void> {
    if (this.config.smtpUrl) {
      await this.transport.sendMail({ from: this.config.mailFrom, ...mail });
      return;
    }
    const file = join(this.config.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
    await writeFile(file, await this.outboxMessage(mail));
    this.logger.log(`No SMTP_URL set: mail to ${mail.to} written to ${file}`);
  }

  /**
   * A text mail is written with an 8bit UTF-8 body, so the file stays readable (and its link clickable) in
   * any editor; nodemailer would base64-encode Arabic text. A mail with HTML or headers is composed by nodemailer.
   */
  private async outboxMessage(mail: Mail): Promise<Buffer | string> {
    if (mail.html || mail.headers) {
      const info = await this.transport.sendMail({ from: this.config.mailFrom, ...mail });
      return (info as unknown as { message: Buffer }).message;
    }
    return [
      `From: ${encodeWords(this.config.mailFrom, 'B')}`,
      `To: ${mail.to}`,
      `Subject: ${encodeWords(mail.subject, 'B')}`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <${randomUUID()}@mudawwana.outbox>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      mail.text,
      '',
    ].join('\n');
  }
}

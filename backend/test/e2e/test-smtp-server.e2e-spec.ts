import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '../support/conditions';
import { startSmtpServer } from '../support/smtp';

/** The tests' SMTP peer (support/smtp.ts), in the case the newsletter crash test makes on purpose. */
describe.runIf(!onPostgres)("the tests' SMTP server", { meta: { skipReason: 'no database: runs once, in the SQLite project' } }, () => {
  it('drops a held message whose sender resets the connection, without an unhandled error', async () => {
    const smtp = await startSmtpServer();
    try {
      smtp.holdAfter = 0;
      const socket = connect(Number(new URL(smtp.url).port), '127.0.0.1');
      const commands = ['EHLO sender.example', 'MAIL FROM:<author@example.com>', 'RCPT TO:<reader@example.com>', 'DATA'];
      await new Promise<void>((resolve) => {
        socket.on('data', (answer) => {
          const command = commands.shift();
          if (command !== undefined) return void socket.write(`${command}\r\n`);
          if (/^354/m.test(answer.toString())) socket.write('Subject: =?UTF-8?B?2YXZgtin2YTYqQ==?=\r\n\r\nنص\r\n.\r\n');
        });
        const held = setInterval(() => {
          if (smtp.held === 1) resolve(void clearInterval(held));
        }, 10);
      });
      // as a SIGKILLed sender with unread data does: RST, not FIN
      socket.resetAndDestroy();
      await expect.poll(() => smtp.dropped.length).toBe(1);
      expect(smtp.received).toEqual([]);
    } finally {
      await smtp.close();
    }
  });
});

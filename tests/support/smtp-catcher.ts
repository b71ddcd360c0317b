// A real SMTP server on loopback that keeps every mail it receives, for tests to read.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  /** The whole message with quoted-printable soft breaks and escapes undone. */
  body: string;
  /** The whole message as it came: its headers are never quoted-printable, so read them here (a URL's `=94` is not a byte). */
  raw: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export class SmtpCatcher {
  readonly mails: CaughtMail[] = [];
  private waiters: Array<() => void> = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        this.mails.push({ to: session.envelope.rcptTo.map((r) => r.address), body: decodeQuotedPrintable(raw), raw });
        this.waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The first mail to `address` that arrives after `after` mails had been caught. */
  async waitForMail(address: string, { after = 0, timeoutMs = 10_000 } = {}): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = this.mails.slice(after).find((m) => m.to.includes(address));
      if (mail) return mail;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

export function resetTokenFrom(mail: CaughtMail): string {
  const match = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.body);
  if (!match?.[1]) throw new Error('no reset link in the mail');
  return match[1];
}

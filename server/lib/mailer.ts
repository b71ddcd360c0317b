// Outgoing mail through SMTP_URL; without it, mails go to the log (the documented development
// fallback, the only place a reset link may ever be logged).
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers: a course mail's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** The same for every try of one outbox mail, so that a mailbox folds a repeat into one (decision 052). */
  messageId?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Milliseconds; a send waits at most about their sum. */
export const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 } as const;

export function createMailer(options: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      async send(mail) {
        log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text, headers: mail.headers } }, 'SMTP_URL is not set; this mail was not sent');
      },
      close() {},
    };
  }
  // nodemailer is loaded with the first mail, not at start: most starts send none, and loading it
  // slowed every start.
  let transport: Promise<Transporter> | undefined;
  // Bounded waits (nodemailer's own allow 10 minutes of silence): an outbox mail's claim outlives
  // any send (jobs/outbox-data.ts), so a stalled SMTP server cannot keep a claim past its lease.
  return {
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }));
      await (await transport).sendMail({ from, ...mail });
    },
    close: () => void transport?.then((ready) => ready.close()),
  };
}

// Outgoing mail through SMTP_URL; without it, mails go to the log (the documented development
// fallback, the only place a reset link may ever be logged).
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer(options: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      async send(mail) {
        log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'SMTP_URL is not set; this mail was not sent');
      },
      close() {},
    };
  }
  // nodemailer is loaded with the first mail, not at start: most starts send none, and loading it
  // slowed every start.
  let transport: Promise<Transporter> | undefined;
  return {
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      await (await transport).sendMail({ from, ...mail });
    },
    close: () => void transport?.then((ready) => ready.close()),
  };
}

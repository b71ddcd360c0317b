// The mail of the daily limit of wrong two-factor codes (server/auth/two-factor-failures.ts): it
// tells the member that someone who knew the password failed the second step, sent once a window.
// Links are built from APP_URL, never from the request's Host header.
import type { Mail } from '../lib/mailer';

/** When app codes work again, as a person reads it wherever they are: "Thu, 02 Jan 2031 12:00:15 GMT". */
const readableTime = (ms: number) => new Date(ms).toUTCString();

export function codeFailuresMail(to: string, appUrl: string, failures: number, untilMs: number): Mail {
  const resetLink = `${appUrl}/forgot-password`;
  const lines = {
    what: `Someone who knew your password entered ${failures} wrong two-factor codes for your account in the last 24 hours.`,
    refused: `To protect your account, codes from your authenticator app are refused until ${readableTime(untilMs)}. Your recovery codes still sign you in.`,
    ifNotYou: 'If this was not you, your password is known to someone else: choose a new one now.',
  };
  return {
    to,
    subject: 'Someone failed the second step of signing in to your account',
    text: [lines.what, '', lines.refused, '', `${lines.ifNotYou} ${resetLink}`].join('\n'),
    html: [`<p>${lines.what}</p>`, `<p>${lines.refused}</p>`, `<p>${lines.ifNotYou} <a href="${resetLink}">Choose a new password</a></p>`].join('\n'),
  };
}

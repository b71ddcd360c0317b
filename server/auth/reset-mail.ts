// The password reset mail. The link is built from APP_URL, never from the request's Host header.
import type { Mail } from '../lib/mailer';

export function resetMail(to: string, appUrl: string, token: string): Mail {
  const link = `${appUrl}/reset-password/${token}`;
  return {
    to,
    subject: 'Reset your password',
    text: [
      'Someone (hopefully you) asked to reset the password of your account.',
      '',
      `Choose a new password here: ${link}`,
      '',
      'The link works once and expires in 60 minutes. If you did not ask for it, ignore this mail: your password stays as it is.',
    ].join('\n'),
    html: [
      '<p>Someone (hopefully you) asked to reset the password of your account.</p>',
      `<p><a href="${link}">Choose a new password</a></p>`,
      '<p>The link works once and expires in 60 minutes. If you did not ask for it, ignore this mail: your password stays as it is.</p>',
    ].join('\n'),
  };
}

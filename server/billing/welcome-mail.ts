// The mail a new Architect gets (CONTRACT §6): the site's name and a link to the course, built from
// APP_URL, with a plain-text part for every mail reader.
import { SITE_NAME } from '../../shared/constants';
import type { Mail } from '../lib/mailer';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function welcomeMail(to: { name: string; email: string }, appUrl: string): Mail {
  const link = `${appUrl}/dashboard`;
  return {
    to: to.email,
    subject: `Welcome, Architect: your ${SITE_NAME} course is open`,
    text: [
      `Dear ${to.name},`,
      '',
      `Thank you for your payment: you are now an Architect of ${SITE_NAME}, and the ten-part course is open to you.`,
      '',
      `Open your course: ${link}`,
      '',
      'Sign in with the email address and password of your account.',
    ].join('\n'),
    html: [
      `<p>Dear ${escapeHtml(to.name)},</p>`,
      `<p>Thank you for your payment: you are now an Architect of ${SITE_NAME}, and the ten-part course is open to you.</p>`,
      `<p><a href="${link}">Open your course</a></p>`,
      '<p>Sign in with the email address and password of your account.</p>',
    ].join('\n'),
  };
}

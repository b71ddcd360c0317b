// The one-click unsubscribe of the course mails (CONTRACT §9, RFC 8058; decision 052), at the
// signed URL each mail's List-Unsubscribe names. Not a procedure: mail clients POST it as a form
// (`List-Unsubscribe=One-Click`, urlencoded or multipart), the one form body /api takes, so this
// route alone, in a scope of its own, reads one, under a small cap of its own. A GET of the same URL
// (the link clicked in a browser, or fetched by a mail scanner) changes nothing: it shows a page
// whose button POSTs that same form.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SITE_NAME } from '../../shared/constants';
import { MAIL_LIST_TOPICS, MAIL_LISTS, MAIL_MESSAGES, type MailList } from '../../shared/mail';
import { ACCOUNT_PATHS } from '../../shared/account';
import { plainText } from '../../shared/text';
import type { AppDeps } from '../app-deps';
import { isForeignKeyViolation } from '../db/errors';
import { DEFAULT_ERROR_STYLE, sendError } from '../http/error-bodies';
import type { OperationDoc } from '../http/operation';
import { saveMailSettings } from '../jobs/mail-preferences';
import { UNSUBSCRIBE_PATH } from '../jobs/unsubscribe-links';
import { findMailRecipient } from '../users/data';

/** What a mail client sends is a few dozen bytes. */
const FORM_LIMIT_BYTES = 4096;

const linkQuery = z.object({
  m: z.string({ error: 'm is required' }).check(plainText('m')).meta({ description: 'The member the mail went to' }),
  list: z.enum(MAIL_LISTS, { error: `list must be one of ${MAIL_LISTS.join(', ')}` }).meta({ description: 'What to stop: replies or courseUpdates' }),
  s: z.string({ error: 's is required' }).check(plainText('s')).meta({ description: "The link's signature" }),
});

const refusals = {
  400: `A link that is not this site's (a wrong or altered signature): "${MAIL_MESSAGES.badLink}"; on POST, a body other than List-Unsubscribe=One-Click.`,
  404: `The member's account no longer exists: "${MAIL_MESSAGES.goneMember}"`,
};

const postDoc: OperationDoc = {
  tag: 'Mail',
  summary: "One-click unsubscribe (RFC 8058): turns the link's kind of course mail off for the member it was mailed to",
  description:
    "The URL of a course mail's List-Unsubscribe header, as the mail client's own button POSTs it: the body List-Unsubscribe=One-Click, " +
    'as multipart/form-data or application/x-www-form-urlencoded (the one form body under /api). No sign-in: the signature is the proof. ' +
    'A browser (Accept: text/html) gets a page that says it is done.',
  access: 'public',
  query: linkQuery,
  form: z.object({ 'List-Unsubscribe': z.literal('One-Click') }),
  success: { json: z.object({ message: z.string() }) },
  refusals,
};

const getDoc: OperationDoc = {
  tag: 'Mail',
  summary: 'The unsubscribe link opened in a browser: a page with one button that unsubscribes (a GET never does, so mail scanners cannot)',
  access: 'public',
  query: linkQuery,
  success: { content: 'text/html', description: 'A page naming what the button stops' },
  refusals,
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(title)} · ${SITE_NAME}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>\n`,
    );
}

const settingsLink = (appUrl: string) => `<p><a href="${escapeHtml(appUrl + ACCOUNT_PATHS.page)}">Your mail settings</a></p>`;

/** Whether the form says List-Unsubscribe=One-Click, however it was encoded. */
function isOneClick(body: unknown): boolean {
  if (typeof body !== 'string') return false;
  if (new URLSearchParams(body).get('List-Unsubscribe') === 'One-Click') return true;
  return /content-disposition:\s*form-data;\s*name="?List-Unsubscribe"?\r?\n\r?\nOne-Click\r?\n/i.test(body);
}

const wantsPage = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

type Checked = { userId: string; list: MailList } | { status: number; message: string };

/** A query that is not even a link's shape (a field missing, a control character): a 400 naming the field, as every /api input's. */
function malformed(query: unknown): string | undefined {
  const parsed = linkQuery.safeParse(query ?? {});
  return parsed.success ? undefined : parsed.error.issues[0]!.message;
}

async function checkLink(deps: AppDeps, query: unknown): Promise<Checked> {
  const link = deps.mailLinks.check((query ?? {}) as Record<string, unknown>);
  if (link.state === 'invalid') return { status: 400, message: MAIL_MESSAGES.badLink };
  if (!(await findMailRecipient(deps.db, link.userId))) return { status: 404, message: MAIL_MESSAGES.goneMember };
  return link;
}

export async function registerUnsubscribeRoutes(app: FastifyInstance, deps: AppDeps) {
  const { appUrl } = deps.config;
  app.get(UNSUBSCRIBE_PATH, { config: { errorStyle: DEFAULT_ERROR_STYLE, openapi: getDoc } }, async (request, reply) => {
    const bad = malformed(request.query);
    if (bad) return sendError(reply, 400, bad);
    const link = await checkLink(deps, request.query);
    if ('status' in link) return page(reply, link.status, 'This link does not work', `<p>${escapeHtml(link.message)}</p>${settingsLink(appUrl)}`);
    // The form posts back to this very URL, signature and all.
    const action = escapeHtml(request.url);
    return page(
      reply,
      200,
      'Unsubscribe',
      `<p>Stop mails about ${escapeHtml(MAIL_LIST_TOPICS[link.list])}?</p>` +
        `<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit">Unsubscribe</button></form>${settingsLink(appUrl)}`,
    );
  });

  await app.register(async (scope) => {
    // In this scope only: the two form encodings RFC 8058 allows, as text, read by isOneClick.
    const asText = (_request: FastifyRequest, body: string, done: (error: null, body: string) => void) => done(null, body);
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, asText);
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, asText);
    scope.post(
      UNSUBSCRIBE_PATH,
      // ownBody: the JSON-only rule of /api (http/body-rules.ts) does not hold here; the cap above does.
      { bodyLimit: FORM_LIMIT_BYTES, config: { ownBody: true, errorStyle: DEFAULT_ERROR_STYLE, openapi: postDoc } },
      async (request, reply) => {
        const refuse = (status: number, message: string) =>
          wantsPage(request)
            ? page(reply, status, 'This link does not work', `<p>${escapeHtml(message)}</p>${settingsLink(appUrl)}`)
            : sendError(reply, status, message);
        const bad = malformed(request.query);
        if (bad) return sendError(reply, 400, bad);
        // The body before the signature: both are cheap, and a wrong body is the client's mistake whoever signed the link.
        if (!isOneClick(request.body)) return refuse(400, MAIL_MESSAGES.oneClickBody);
        const link = await checkLink(deps, request.query);
        if ('status' in link) return refuse(link.status, link.message);
        try {
          await saveMailSettings(deps.db, link.userId, { [link.list]: false });
        } catch (error) {
          // Deleted between the check and the write.
          if (isForeignKeyViolation(error)) return refuse(404, MAIL_MESSAGES.goneMember);
          throw error;
        }
        request.log.info({ userId: link.userId, list: link.list }, 'a member unsubscribed through a mail link');
        const message = MAIL_MESSAGES.unsubscribed(link.list);
        return wantsPage(request) ? page(reply, 200, 'You are unsubscribed', `<p>${escapeHtml(message)}</p>${settingsLink(appUrl)}`) : reply.send({ message });
      },
    );
  });
}

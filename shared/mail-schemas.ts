// The schemas of CONTRACT §9's mail calls: a member's mail settings and the admin's outbox list.
import { z } from 'zod';
import { MAIL_KINDS, OUTBOX_FILTERS, OUTBOX_STATES } from './mail';
import { blankAsAbsent } from './query-fields';
import { plainText } from './text';

const setting = (field: string) => z.boolean({ error: `${field} must be true or false` });

export const mailSettingsInput = z.object({ replies: setting('replies'), courseUpdates: setting('courseUpdates') });

export const mailSettingsAnswer = z.object({
  replies: z.boolean().describe('Replies to my comments, and my questions marked answered'),
  courseUpdates: z.boolean().describe('Course updates, such as a module that opens'),
});

export const outboxListInput = z.object({
  status: z.preprocess(blankAsAbsent, z.enum(OUTBOX_FILTERS, { error: `status must be one of ${OUTBOX_FILTERS.join(', ')}` }).optional()),
  cursor: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .check(plainText('cursor'))
      .regex(/^\d{1,15}\.[\w-]{1,64}$/, 'cursor is invalid')
      .optional()
      .meta({ description: "The previous page's nextCursor" }),
  ),
});

export const outboxEntrySchema = z.object({
  _id: z.string(),
  key: z.string().describe('The unique key the mail was written under, e.g. module-opened:{memberId}:{day}'),
  kind: z.enum(MAIL_KINDS),
  member: z.object({ _id: z.string(), email: z.string() }),
  subject: z.string(),
  state: z
    .enum(OUTBOX_STATES)
    .describe('`sending`: SMTP is being given it; `skipped`: the member turned its kind off, or was suspended or no longer an Architect, when it was due'),
  attempts: z.number().int().describe('SMTP tries so far'),
  lastError: z.string().nullable().describe("SMTP's last refusal, or why it was skipped"),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
});

export const outboxPageAnswer = z.object({
  mails: z.array(outboxEntrySchema).describe('Newest first, 20 a page'),
  nextCursor: z.string().nullable().describe("The next page's cursor; null on the last page"),
});

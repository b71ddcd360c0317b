// The input schemas of CONTRACT §9's mail calls: a member's mail settings and the admin's outbox list
// (answer-schemas.ts has what they answer).
import { z } from 'zod';
import { OUTBOX_FILTERS } from './mail';
import { blankAsAbsent } from './query-fields';
import { plainText } from './text';

const setting = (field: string) => z.boolean({ error: `${field} must be true or false` });

export const mailSettingsInput = z.object({ replies: setting('replies'), courseUpdates: setting('courseUpdates') });

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

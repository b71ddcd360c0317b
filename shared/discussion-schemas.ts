// Input schemas of the discussion's procedures (CONTRACT §9 "Comments").
import { z } from 'zod';
import { PROGRESS_SECONDS_MAX } from './course';
import { COMMENT_BODY_MAX_LENGTH, COMMENT_QUEUES, MODERATION_STATUSES, REPORT_REASON_MAX_LENGTH } from './discussion';
import { blankAsAbsent } from './query-fields';
import { multiLineText, plainText } from './text';

const id = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .check(plainText(field))
    .min(1, `${field} is required`)
    .max(100, `${field} is too long`);

const cursor = z
  .preprocess(blankAsAbsent, z.string({ error: 'cursor must be text' }).check(plainText('cursor')).max(200, 'cursor is too long').optional())
  .meta({ description: "The previous page's nextCursor; absent: the first page" });

const body = z
  .string({ error: 'body is required' })
  .trim()
  .check(multiLineText('body'))
  .min(1, 'body is required')
  .max(COMMENT_BODY_MAX_LENGTH, `body must be at most ${COMMENT_BODY_MAX_LENGTH} characters`)
  .meta({ description: 'Markdown: only emphasis, code and links survive' });

const flag = (field: string) => z.boolean({ error: `${field} must be true or false` });

/** GET /api/course/lessons/{id}/comments */
export const commentListInput = z.object({ id: id('id'), cursor });

const atSecondsMessage = `atSeconds must be a number of seconds from 0 to ${PROGRESS_SECONDS_MAX}, or null`;

/** POST /api/course/lessons/{id}/comments */
export const commentPostInput = z.object({
  id: id('id'),
  body,
  atSeconds: z
    .number({ error: atSecondsMessage })
    .min(0, atSecondsMessage)
    .max(PROGRESS_SECONDS_MAX, atSecondsMessage)
    .nullable()
    .optional()
    .meta({ description: "The moment of the lesson's media the comment is about, in seconds (kept whole, rounded down); null or absent: none" }),
  parentId: id('parentId').nullable().optional().meta({ description: 'The top-level comment of the same lesson this replies to' }),
});

/** PUT /api/course/comments/{id} */
export const commentEditInput = z.object({ id: id('id'), body });

/** DELETE /api/course/comments/{id} */
export const commentIdInput = z.object({ id: id('id') });

/** POST /api/course/comments/{id}/report */
export const commentReportInput = z.object({
  id: id('id'),
  reason: z
    .string({ error: 'reason is required' })
    .trim()
    .check(multiLineText('reason'))
    .min(1, 'reason is required')
    .max(REPORT_REASON_MAX_LENGTH, `reason must be at most ${REPORT_REASON_MAX_LENGTH} characters`),
});

/** GET /api/admin/comments */
export const adminCommentListInput = z.object({
  status: z
    .preprocess(blankAsAbsent, z.enum(COMMENT_QUEUES, { error: `status must be one of ${COMMENT_QUEUES.join(', ')}` }).default('all'))
    .meta({ description: 'held: waiting for review; reported: reported since an admin last set its status; all (the default): every comment' }),
  cursor,
});

/** PUT /api/admin/comments/{id} */
export const adminCommentUpdateInput = z.object({
  id: id('id'),
  status: z
    .enum(MODERATION_STATUSES, { error: `status must be one of ${MODERATION_STATUSES.join(', ')}` })
    .optional()
    .meta({
      description:
        'visible lets it through (and every later comment of its author, under COMMENTS_REVIEW_FIRST); a deletion is DELETE /api/course/comments/{id}',
    }),
  answered: flag('answered').optional(),
  pinned: flag('pinned').optional(),
});

const untilMessage = 'until must be a date (YYYY-MM-DD) or a date and time (ISO 8601), or null';
const isoDay = z.iso.date();
const isoMoment = z.iso.datetime({ offset: true });

/** PUT /api/admin/users/{id}/comment-ban */
export const commentBanInput = z.object({
  id: id('id'),
  until: z
    .string({ error: untilMessage })
    .trim()
    .check(plainText('until'))
    .refine((until) => isoDay.safeParse(until).success || isoMoment.safeParse(until).success, untilMessage)
    .nullable()
    .meta({ description: 'The ban holds until then (a date: the start of that day, UTC); null lifts it' }),
});

// Input schemas of the course's procedures (CONTRACT §4 "The course").
import { z } from 'zod';
import { MEMBERSHIP_TIERS } from './constants';
import {
  CAPTIONS_LABEL_MAX_LENGTH,
  CAPTIONS_LANG_MAX_LENGTH,
  CAPTIONS_LANG_PATTERN,
  COURSE_FILE_ROLES,
  COURSE_SUMMARY_MAX_LENGTH,
  COURSE_TITLE_MAX_LENGTH,
  LESSON_BODY_MAX_LENGTH,
  LESSON_KINDS,
  OPENS_AFTER_DAYS_MAX,
  PROGRESS_SECONDS_MAX,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_QUERY_MIN_LENGTH,
} from './course';
import { blankAsAbsent } from './query-fields';
import { quizSettingsInput } from './quiz-schemas';
import { multiLineText, plainText } from './text';

const id = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .check(plainText(field))
    .min(1, `${field} is required`)
    .max(100, `${field} is too long`);

const title = z
  .string({ error: 'title is required' })
  .trim()
  .check(plainText('title'))
  .min(1, 'title is required')
  .max(COURSE_TITLE_MAX_LENGTH, `title must be at most ${COURSE_TITLE_MAX_LENGTH} characters`);

const summary = z
  .string({ error: 'summary must be text' })
  .trim()
  .check(plainText('summary'))
  .max(COURSE_SUMMARY_MAX_LENGTH, `summary must be at most ${COURSE_SUMMARY_MAX_LENGTH} characters`);

// Markdown: multi-line, kept exactly as written (no trim: indentation is meaning).
const body = z
  .string({ error: 'body must be text' })
  .check(multiLineText('body'))
  .max(LESSON_BODY_MAX_LENGTH, `body must be at most ${LESSON_BODY_MAX_LENGTH} characters`)
  .meta({ description: 'Markdown (CommonMark with GFM tables and strikethrough)' });

const opensAfterDays = z
  .int({ error: `opensAfterDays must be a whole number from 0 to ${OPENS_AFTER_DAYS_MAX}` })
  .min(0, `opensAfterDays must be a whole number from 0 to ${OPENS_AFTER_DAYS_MAX}`)
  .max(OPENS_AFTER_DAYS_MAX, `opensAfterDays must be a whole number from 0 to ${OPENS_AFTER_DAYS_MAX}`)
  .meta({ description: 'Days after becoming an Architect that the module opens' });

const flag = (field: string) => z.boolean({ error: `${field} must be true or false` });

const kind = z.enum(LESSON_KINDS, { error: `kind must be one of ${LESSON_KINDS.join(', ')}` });

const ids = z
  .array(id('Each id'), { error: 'ids must be a list of ids' })
  .max(10_000, 'ids is too long')
  .meta({ description: 'Every id, each once, in the new order' });

export const lessonIdInput = z.object({ id: id('id') });
export const moduleIdInput = z.object({ id: id('id') });

export const moduleCreateInput = z.object({
  title,
  summary: summary.optional(),
  opensAfterDays: opensAfterDays.optional(),
  published: flag('published').optional(),
});

export const moduleUpdateInput = z.object({
  id: id('id'),
  title: title.optional(),
  summary: summary.optional(),
  opensAfterDays: opensAfterDays.optional(),
  published: flag('published').optional(),
});

export const moduleOrderInput = z.object({ ids });

export const lessonCreateInput = z.object({
  moduleId: id('moduleId'),
  title,
  kind,
  summary: summary.optional(),
  body: body.optional(),
  freePreview: flag('freePreview').optional(),
  published: flag('published').optional(),
});

export const lessonUpdateInput = z.object({
  id: id('id'),
  moduleId: id('moduleId').optional(),
  title: title.optional(),
  kind: kind.optional(),
  summary: summary.optional(),
  body: body.optional(),
  freePreview: flag('freePreview').optional(),
  published: flag('published').optional(),
  quiz: quizSettingsInput.optional().meta({ description: 'A quiz lesson only: any of its settings (CONTRACT §8); the others stay as they are' }),
});

export const lessonOrderInput = z.object({ id: id('id'), ids });

/** The lesson editor's live preview: a body not saved yet, rendered as members will see it (with `lessonId`, showing that lesson's images). */
export const lessonBodyInput = z.object({ body, lessonId: id('lessonId').optional() });

/** The admin's "preview as a member": a tier, and a day after becoming an Architect (query text, so coerced as a page is). */
export const coursePreviewInput = z.object({
  tier: z.enum(MEMBERSHIP_TIERS, { error: `tier must be one of ${MEMBERSHIP_TIERS.join(', ')}` }),
  day: z.preprocess(
    blankAsAbsent,
    z.coerce
      .number({ error: `day must be a whole number from 0 to ${OPENS_AFTER_DAYS_MAX}` })
      .int(`day must be a whole number from 0 to ${OPENS_AFTER_DAYS_MAX}`)
      .min(0, `day must be a whole number from 0 to ${OPENS_AFTER_DAYS_MAX}`)
      .max(OPENS_AFTER_DAYS_MAX, `day must be a whole number from 0 to ${OPENS_AFTER_DAYS_MAX}`)
      .default(0)
      .meta({ description: `Days (0 to ${OPENS_AFTER_DAYS_MAX}) after becoming an Architect; 0 when absent` }),
  ),
});

const seconds = (field: string) => {
  const message = `${field} must be a number of seconds from 0 to ${PROGRESS_SECONDS_MAX}`;
  // Any fraction is taken (a player's currentTime); the server keeps whole seconds.
  return z.number({ error: message }).min(0, message).max(PROGRESS_SECONDS_MAX, message);
};

/** PUT /api/course/lessons/{id}/progress: where the member is, how much they played, and optionally a completion or its undoing. */
export const progressSaveInput = z.object({
  id: id('id'),
  positionSeconds: seconds('positionSeconds').meta({ description: 'Where the member is in the lesson' }),
  playedSeconds: seconds('playedSeconds').optional().meta({ description: "The unique seconds played, as the player's played ranges count them" }),
  completed: flag('completed').optional().meta({ description: 'true marks the lesson complete, false undoes that' }),
});

const searchQueryMessage = `q must be ${SEARCH_QUERY_MIN_LENGTH} to ${SEARCH_QUERY_MAX_LENGTH} characters`;

/** GET /api/course/search?q: taken literally, as typed (no trim: a space is part of a phrase). */
export const courseSearchInput = z.object({
  q: z
    .string({ error: 'q is required' })
    .check(plainText('q'))
    .refine((q) => [...q].length >= SEARCH_QUERY_MIN_LENGTH && [...q].length <= SEARCH_QUERY_MAX_LENGTH, searchQueryMessage)
    .meta({ description: 'A case-insensitive substring, taken literally (% _ and quotes are plain characters)' }),
});

export const certificateIdInput = z.object({ id: id('id') });
export const courseFileIdInput = z.object({ id: id('id') });

/**
 * The fields of a lesson file's upload (multipart text, so blank reads as absent): the role, and
 * for captions their language and label. Only captions take those two.
 */
export const courseFileFieldsInput = z
  .object({
    role: z.enum(COURSE_FILE_ROLES, { error: `role must be one of ${COURSE_FILE_ROLES.join(', ')}` }),
    lang: z.preprocess(
      blankAsAbsent,
      z
        .string()
        .trim()
        .check(plainText('lang'))
        .max(CAPTIONS_LANG_MAX_LENGTH, `lang must be at most ${CAPTIONS_LANG_MAX_LENGTH} characters`)
        .regex(CAPTIONS_LANG_PATTERN, 'lang must be a language tag such as en or pt-BR')
        .optional()
        .meta({ description: 'Captions only: a BCP 47 language tag such as en or pt-BR' }),
    ),
    label: z.preprocess(
      blankAsAbsent,
      z
        .string()
        .trim()
        .check(plainText('label'))
        .min(1, 'label is required for captions')
        .max(CAPTIONS_LABEL_MAX_LENGTH, `label must be at most ${CAPTIONS_LABEL_MAX_LENGTH} characters`)
        .optional()
        .meta({ description: 'Captions only: what the player calls the track, such as English' }),
    ),
  })
  .superRefine((fields, check) => {
    for (const name of ['lang', 'label'] as const) {
      if (fields.role === 'captions' && fields[name] === undefined)
        check.addIssue({ code: 'custom', path: [name], message: `${name} is required for captions` });
      if (fields.role !== 'captions' && fields[name] !== undefined) check.addIssue({ code: 'custom', path: [name], message: `${name} is only for captions` });
    }
  });

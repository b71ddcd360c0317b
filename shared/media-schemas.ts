// Input schemas of the media procedures (CONTRACT "Media (admin)").
import { z } from 'zod';
import { MEDIA_CATEGORIES, MEDIA_PAGE_MAX } from './media';
import { MESSAGES } from './messages';
import { blankAsAbsent } from './query-fields';
import { MAX_PLAYLIST_ITEMS } from './slider';
import { plainText } from './text';

const basePath = z
  .string({ error: 'basePath must be text' })
  .check(plainText('basePath'))
  .max(4096, 'basePath is too long')
  .optional()
  .meta({
    description: "The library's folder, inside MEDIA_ROOT (a relative one is taken there); absent or blank: the slideshow settings' backgroundsBasePath",
    examples: [''],
  });

const filePath = z.string({ error: 'paths must be a list of file paths' }).check(plainText('paths')).max(4096);

const limitMessage = `limit must be a whole number from 1 to ${MEDIA_PAGE_MAX}`;

/** Without `limit`, every file (CONTRACT); with it, one page, the next one `cursor`: the last answer's `nextCursor`. */
export const mediaListInput = z.object({
  basePath,
  category: z.enum(MEDIA_CATEGORIES, { error: `category must be one of ${MEDIA_CATEGORIES.join(', ')}` }).optional(),
  limit: z
    .preprocess(blankAsAbsent, z.coerce.number({ error: limitMessage }).int(limitMessage).min(1, limitMessage).max(MEDIA_PAGE_MAX, limitMessage).optional())
    .meta({ description: 'At most this many files, from the first after `cursor`; absent: all of them' }),
  cursor: z
    .preprocess(blankAsAbsent, z.string({ error: 'cursor must be text' }).check(plainText('cursor')).max(4096, 'cursor is too long').optional())
    .meta({ description: "The previous page's nextCursor: this page starts after that path" }),
});

/** Which of these paths (at most a playlist's worth) are library files: a playlist's items, say. */
export const mediaLookupInput = z.object({
  basePath,
  paths: z.array(filePath, { error: 'paths must be a list of file paths' }).max(MAX_PLAYLIST_ITEMS, `At most ${MAX_PLAYLIST_ITEMS} paths at once`),
});

export const mediaScanInput = z.object({ basePath });

export const mediaDeleteInput = z.object({
  basePath,
  paths: z
    .array(filePath, { error: 'paths must be a list of file paths' })
    .min(1, MESSAGES.noFilesSelected)
    .max(1000, 'At most 1000 files can be deleted at once'),
});

/** The multipart fields that come before the files of an upload. */
export const uploadFieldsInput = z.object({
  mediaType: z.enum(MEDIA_CATEGORIES, { error: `mediaType must be one of ${MEDIA_CATEGORIES.join(', ')}` }),
  basePath,
});

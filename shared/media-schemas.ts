// Input schemas of the media procedures (CONTRACT "Media (admin)").
import { z } from 'zod';
import { MEDIA_CATEGORIES } from './media';
import { MESSAGES } from './messages';

const basePath = z
  .string({ error: 'basePath must be text' })
  .max(4096, 'basePath is too long')
  .optional()
  .meta({
    description: "The library's folder, inside MEDIA_ROOT (a relative one is taken there); absent or blank: the slideshow settings' backgroundsBasePath",
    examples: [''],
  });

export const mediaListInput = z.object({
  basePath,
  category: z.enum(MEDIA_CATEGORIES, { error: `category must be one of ${MEDIA_CATEGORIES.join(', ')}` }).optional(),
});

export const mediaScanInput = z.object({ basePath });

export const mediaDeleteInput = z.object({
  basePath,
  paths: z
    .array(z.string({ error: 'paths must be a list of file paths' }).max(4096), { error: 'paths must be a list of file paths' })
    .min(1, MESSAGES.noFilesSelected)
    .max(1000, 'At most 1000 files can be deleted at once'),
});

/** The multipart fields that come before the files of an upload. */
export const uploadFieldsInput = z.object({
  mediaType: z.enum(MEDIA_CATEGORIES, { error: `mediaType must be one of ${MEDIA_CATEGORIES.join(', ')}` }),
  basePath,
});

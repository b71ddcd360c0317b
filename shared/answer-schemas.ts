// What the procedures answer (CONTRACT §2), as zod schemas. Nothing parses an answer with them at
// run time: the OpenAPI document (server/openapi/) describes each success body from them, the
// compiler checks every REST row's procedure result against its schema (server/rest/routes.ts),
// and the contract test checks real answers against the document.
import { z } from 'zod';
import { MEMBERSHIP_TIERS, ROLES, USER_STATUSES } from './constants';
import { MEDIA_CATEGORIES, type MediaFile } from './media';
import { SLIDE_TYPES, type Playlist, type PublicSliderData } from './slider';
import { sliderConfigSchema } from './slider-schemas';

const count = z.int().nonnegative();
const timestamp = z.iso.datetime();

export const tokenAnswer = z.object({ token: z.string().describe('A bearer token (JWT, HS256) for the Authorization header') });

export const messageAnswer = z.object({ message: z.string() });

export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  membershipTier: z.enum(MEMBERSHIP_TIERS),
  status: z.enum(USER_STATUSES),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const userPageSchema = z.object({
  data: z.array(publicUserSchema),
  totalPages: z.int().min(1),
  currentPage: z.int().min(1),
});

export const userStatsSchema = z.object({
  totalUsers: count,
  paidMembers: count.describe('Users of tier paid'),
  freeMembers: count.describe('Users of tier free'),
});

export const mediaFileSchema = z.object({
  path: z.string().describe('Relative to the base path: image/dawn.png'),
  name: z.string(),
  size: count.describe('Bytes'),
  category: z.enum(MEDIA_CATEGORIES),
}) satisfies z.ZodType<MediaFile>;

export const mediaFilesAnswer = z.object({ files: z.array(mediaFileSchema) });

export const mediaScanAnswer = z.object({
  timestamp,
  message: z.string(),
  discoveries: z.object({ total: count, images: count, videos: count, audio: count }),
});

export const mediaDeleteAnswer = z.object({
  message: z.string(),
  summary: z.object({ requested: count, deleted: count, notDeleted: count.describe('Outside the base path, or no such file') }),
});

export const uploadAnswer = z.object({ uploadedCount: count, files: z.array(mediaFileSchema) });

const urlList = z.array(z.string());

export const playlistSchema = z.object({
  _id: z.string(),
  name: z.string(),
  items: z.array(z.object({ type: z.enum(SLIDE_TYPES), url: z.string().describe('/media/{path}') })),
  images: urlList,
  videos: urlList,
  createdAt: timestamp,
  updatedAt: timestamp,
}) satisfies z.ZodType<Playlist>;

export const publicSliderDataSchema = z.object({
  slides: z.array(z.object({ type: z.enum(SLIDE_TYPES), src: z.string().describe('/media/{path}?v={last scan}') })),
  images: urlList,
  videos: urlList,
  config: sliderConfigSchema.omit({ backgroundsBasePath: true }),
}) satisfies z.ZodType<PublicSliderData>;

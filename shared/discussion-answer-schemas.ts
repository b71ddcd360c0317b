// What the discussion's procedures answer (CONTRACT §9 "Comments"), as zod schemas: for the OpenAPI
// document and the compiler's check of each REST row (nothing parses with them).
import { z } from 'zod';
import { COMMENT_STATUSES, type AdminComment, type Comment } from './discussion';

const timestamp = z.iso.datetime();
const person = z.object({ _id: z.string(), name: z.string() });

const commentFields = {
  _id: z.string(),
  lessonId: z.string(),
  parentId: z.string().nullable().describe('The top-level comment this replies to; null for a top-level comment'),
  author: person.nullable().describe('null on a deleted stub, and once its author deleted their account'),
  body: z.string().nullable().describe('The Markdown, for its author (to edit it) and admins; null for anyone else and on a stub'),
  html: z.string().describe('Rendered by the server and inert: only emphasis, code and links (rel="nofollow ugc noopener")'),
  atSeconds: z.int().nonnegative().nullable().describe("The moment of the lesson's media it is about; null: none"),
  createdAt: timestamp,
  editedAt: timestamp.nullable(),
  status: z.enum(COMMENT_STATUSES),
  answered: z.boolean(),
  pinned: z.boolean(),
};

const replySchema = z.object({ ...commentFields, replies: z.array(z.never()).describe('Always empty: replies go one level deep') });

export const commentSchema = z.object({
  ...commentFields,
  replies: z.array(replySchema).describe('Its replies the caller may see, oldest first'),
}) satisfies z.ZodType<Comment>;

export const commentAnswer = z.object({ comment: commentSchema });

export const commentPageSchema = z.object({
  comments: z.array(commentSchema).describe('Top-level comments, pinned first, then newest first, 20 a page'),
  nextCursor: z.string().nullable().describe("The next page's cursor; null on the last page"),
});

export const adminCommentSchema = z.object({
  ...commentFields,
  lesson: z.object({ _id: z.string(), title: z.string() }),
  member: z
    .object({
      _id: z.string(),
      name: z.string(),
      email: z.string(),
      bannedUntil: timestamp.nullable().describe('Their comment ban; null: none'),
      letThrough: z.boolean().describe('Whether an admin has let one of their comments through: their later ones show at once'),
      comments: z.int().nonnegative().describe('How many comments of theirs there are, this one included'),
    })
    .nullable()
    .describe('Its author and their standing; null on a stub and once they deleted their account'),
  reports: z.array(z.object({ member: person.nullable(), reason: z.string(), createdAt: timestamp })).describe('Every report of it, oldest first'),
}) satisfies z.ZodType<AdminComment>;

export const adminCommentPageSchema = z.object({
  comments: z.array(adminCommentSchema).describe('Newest first, 20 a page'),
  nextCursor: z.string().nullable().describe("The next page's cursor; null on the last page"),
});

export const adminCommentAnswer = z.object({ comment: adminCommentSchema });

export const commentBanAnswer = z.object({
  message: z.string(),
  bannedUntil: timestamp.nullable(),
});

/** The export file's comments (GET /api/account/export). */
export const exportedCommentSchema = z.object({
  _id: z.string(),
  lessonId: z.string(),
  parentId: z.string().nullable(),
  body: z.string(),
  atSeconds: z.int().nullable(),
  createdAt: timestamp,
  editedAt: timestamp.nullable(),
  status: z.enum(COMMENT_STATUSES),
});

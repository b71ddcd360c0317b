// A lesson's comments and their reports (CONTRACT §9 "Comments"): the only code that touches the
// comments and comment_reports tables. Writes run in their caller's transaction. Pages are walked
// by keyset (a cursor holding the last row's sort key), never by offset, so that a page deep in a
// lesson of 10,000 comments costs what the first one does: an index range from the cursor on.
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { COMMENTS_PAGE_SIZE, type CommentQueue, type CommentStatus } from '../../shared/discussion';
import type { Db, Tx } from '../db/client';
import { preparedAs, preparedPerDatabase } from '../db/prepared';
import type { PendingEvents } from '../events/after-commit';
import { commentReports, comments, courseLessons, users } from '../db/schema';

export interface CommentRow {
  id: string;
  lessonId: string;
  parentId: string | null;
  authorId: string | null;
  authorName: string | null;
  body: string;
  html: string;
  atSeconds: number | null;
  createdAt: number;
  editedAt: number | null;
  status: CommentStatus;
  answered: boolean;
  pinned: boolean;
}

const rowColumns = {
  id: comments.id,
  lessonId: comments.lessonId,
  parentId: comments.parentId,
  authorId: comments.authorId,
  // Looked up by the author's key for each row read, never joined: joined, PostgreSQL planned a page's
  // replies (some 40 rows expected) as a hash join over every user, read in full for each page.
  authorName: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${comments.authorId})`,
  body: comments.body,
  html: comments.html,
  atSeconds: comments.atSeconds,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
  status: comments.status,
  answered: comments.answered,
  pinned: comments.pinned,
};

const withAuthor = (db: Pick<Db, 'select'>) => db.select(rowColumns).from(comments);

/** Who reads: a member sees what is visible, their own held comments, and stubs; an admin sees everything. */
export interface Reader {
  id: string;
  admin: boolean;
}

export async function findComment(db: Pick<Db, 'select'>, id: string): Promise<CommentRow | undefined> {
  const [row] = await withAuthor(db).where(eq(comments.id, id));
  return row;
}

// A cursor is the last row's sort key as base64url JSON. One that does not decode to the key's
// shape is refused (a 400 from the caller), never read as the first page.
const encodeCursor = (key: ReadonlyArray<string | number>) => Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeCursor<Key extends Array<string | number>>(cursor: string, shape: Array<'number' | 'string'>): Key | undefined {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (!Array.isArray(key) || key.length !== shape.length || !key.every((part, i) => typeof part === shape[i])) return undefined;
    return key as Key;
  } catch {
    return undefined;
  }
}

export class BadCursor extends Error {}

/** Who reads, as the page's statements tell readers apart (a member's status rule, or an admin's none). */
type ReaderShape = 'member' | 'admin';
const shapeOf = (reader: Reader): ReaderShape => (reader.admin ? 'admin' : 'member');

/**
 * The status rule of who reads, for a top-level comment (a stub shows) or a reply (none is ever a
 * stub): none for an admin; for a member, whose id is the placeholder readerId, what is visible and
 * their own held comments.
 */
function readable(who: ReaderShape, topLevel: boolean): SQL | undefined {
  if (who === 'admin') return undefined;
  const shown = topLevel ? inArray(comments.status, ['visible', 'deleted']) : eq(comments.status, 'visible');
  return or(shown, and(eq(comments.status, 'held'), eq(comments.authorId, sql.placeholder('readerId'))));
}

/** Whether the reader may see this comment (the same rule as the page's). */
export function canRead(reader: Reader, row: CommentRow): boolean {
  if (reader.admin) return true;
  if (row.status === 'visible') return true;
  if (row.status === 'deleted') return row.parentId === null;
  return row.status === 'held' && row.authorId === reader.id;
}

export interface LessonPage {
  threads: Array<{ comment: CommentRow; replies: CommentRow[] }>;
  nextCursor: string | null;
}

// The page's two queries run on every read of a discussion, so each is prepared once per database
// and shape (db/prepared.ts): building a select in Drizzle and preparing it in SQLite cost more
// than running it. A shape is who reads and, for the top-level comments, whether a cursor is given.

const pageStatement = preparedPerDatabase((db, shape: `${ReaderShape} ${'first' | 'after'}`) => {
  const [who, from] = shape.split(' ') as [ReaderShape, 'first' | 'after'];
  // One row value, in the index's order: an index range on either database. The pinned flag goes
  // through its column's encoder (0/1 on SQLite, a boolean on PostgreSQL).
  const after =
    from === 'after'
      ? sql`(${comments.pinned}, ${comments.createdAt}, ${comments.id}) < (${sql.param(sql.placeholder('pinned'), comments.pinned)}, ${sql.placeholder('createdAt')}, ${sql.placeholder('id')})`
      : undefined;
  const query = withAuthor(db)
    .where(and(eq(comments.lessonId, sql.placeholder('lessonId')), isNull(comments.parentId), readable(who, true), after))
    .orderBy(desc(comments.pinned), desc(comments.createdAt), desc(comments.id))
    .limit(COMMENTS_PAGE_SIZE + 1);
  return preparedAs(query, `comments-page-${who}-${from}`);
});

// The replies to up to a page of parents: a placeholder per parent, the unused ones given the first
// parent again (a repeat in IN matches nothing more).
const parentSlots = Array.from({ length: COMMENTS_PAGE_SIZE }, (_, i) => `parent${i}`);
const repliesStatement = preparedPerDatabase((db, who: ReaderShape) =>
  preparedAs(
    withAuthor(db)
      .where(
        and(
          inArray(
            comments.parentId,
            parentSlots.map((slot) => sql.placeholder(slot)),
          ),
          readable(who, false),
        ),
      )
      .orderBy(asc(comments.createdAt), asc(comments.id)),
    `comment-replies-${who}`,
  ),
);

/** A page of the lesson's top-level comments the reader may see (pinned first, then newest first), with their replies oldest first. */
export async function readLessonPage(db: Db, lessonId: string, reader: Reader, cursor: string | undefined): Promise<LessonPage> {
  const who = shapeOf(reader);
  let top: CommentRow[];
  if (cursor === undefined) top = await pageStatement(db, `${who} first`).execute({ lessonId, readerId: reader.id });
  else {
    const key = decodeCursor<[number, number, string]>(cursor, ['number', 'number', 'string']);
    if (!key) throw new BadCursor();
    top = await pageStatement(db, `${who} after`).execute({ lessonId, readerId: reader.id, pinned: key[0] === 1, createdAt: key[1], id: key[2] });
  }
  const page = top.slice(0, COMMENTS_PAGE_SIZE);
  const last = page.at(-1);
  const replies =
    page.length === 0
      ? []
      : await readReplies(
          db,
          page.map((row) => row.id),
          reader,
        );
  const byParent = new Map<string, CommentRow[]>(page.map((row) => [row.id, []]));
  for (const reply of replies) byParent.get(reply.parentId!)?.push(reply);
  return {
    threads: page.map((comment) => ({ comment, replies: byParent.get(comment.id)! })),
    nextCursor: top.length > COMMENTS_PAGE_SIZE && last ? encodeCursor([last.pinned ? 1 : 0, last.createdAt, last.id]) : null,
  };
}

/** The replies to `parentIds` (a page's worth at most) the reader may see, oldest first. */
export async function readReplies(db: Db, parentIds: string[], reader: Reader): Promise<CommentRow[]> {
  if (parentIds.length === 0 || parentIds.length > COMMENTS_PAGE_SIZE)
    throw new Error(`replies are read for 1 to ${COMMENTS_PAGE_SIZE} parents, not ${parentIds.length}`);
  const slots = Object.fromEntries(parentSlots.map((slot, i) => [slot, parentIds[i] ?? parentIds[0]]));
  return repliesStatement(db, shapeOf(reader)).execute({ ...slots, readerId: reader.id });
}

/** A top-level comment and every reply of it, whatever their status, oldest first: in one query, what an event stream shows each reader of (comment-streams.ts). */
export async function readThread(db: Pick<Db, 'select'>, threadId: string): Promise<{ comment: CommentRow | undefined; replies: CommentRow[] }> {
  const rows = await withAuthor(db)
    .where(or(eq(comments.id, threadId), eq(comments.parentId, threadId)))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return { comment: rows.find((row) => row.id === threadId), replies: rows.filter((row) => row.parentId === threadId) };
}

/** Tells the lesson's open event streams, after the commit, that the thread of `row` changed (a reply's change is its thread's). */
function threadChanged(events: PendingEvents, row: { id: string; lessonId: string; parentId: string | null }): void {
  events.publish('comment-changed', { lessonId: row.lessonId, threadId: row.parentId ?? row.id });
}

export interface NewComment {
  lessonId: string;
  parentId: string | null;
  authorId: string;
  body: string;
  html: string;
  atSeconds: number | null;
  status: 'visible' | 'held';
}

export async function insertComment(tx: Tx, events: PendingEvents, comment: NewComment, at: number): Promise<string> {
  const id = randomUUID();
  await tx.insert(comments).values({ id, ...comment, createdAt: at, editedAt: null, answered: false, pinned: false, reportedAt: null });
  threadChanged(events, { id, ...comment });
  return id;
}

export async function editComment(tx: Tx, events: PendingEvents, row: CommentRow, text: { body: string; html: string }, at: number): Promise<void> {
  await tx
    .update(comments)
    .set({ ...text, editedAt: at })
    .where(eq(comments.id, row.id));
  threadChanged(events, row);
}

async function hasReplies(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: comments.id }).from(comments).where(eq(comments.parentId, id)).limit(1);
  return row !== undefined;
}

/**
 * Deletes the comment: a top-level comment with replies becomes a stub (no author, no body, no
 * moment), anything else goes with its reports; a stub left without replies goes too.
 */
export async function deleteComment(tx: Tx, events: PendingEvents, row: CommentRow): Promise<'stub' | 'removed'> {
  threadChanged(events, row);
  if (row.parentId === null && (await hasReplies(tx, row.id))) {
    await tx.update(comments).set({ status: 'deleted', authorId: null, body: '', html: '', atSeconds: null, reportedAt: null }).where(eq(comments.id, row.id));
    return 'stub';
  }
  await tx.delete(comments).where(eq(comments.id, row.id));
  if (row.parentId !== null && !(await hasReplies(tx, row.parentId)))
    await tx.delete(comments).where(and(eq(comments.id, row.parentId), eq(comments.status, 'deleted')));
  return 'removed';
}

/** Records the member's report and puts the comment in the reported queue; false when they had already reported it (the first one stands). */
export async function reportComment(tx: Tx, report: { commentId: string; userId: string; reason: string }, at: number): Promise<boolean> {
  const inserted = await tx
    .insert(commentReports)
    .values({ ...report, createdAt: at })
    .onConflictDoNothing()
    .returning({ commentId: commentReports.commentId });
  if (inserted.length === 0) return false;
  await tx.update(comments).set({ reportedAt: at }).where(eq(comments.id, report.commentId));
  return true;
}

export interface Moderation {
  status?: 'visible' | 'held' | 'hidden' | undefined;
  answered?: boolean | undefined;
  pinned?: boolean | undefined;
}

/** An admin's change; a status set takes it out of the reported queue, until a later report. */
export async function moderateComment(tx: Tx, events: PendingEvents, row: CommentRow, changes: Moderation): Promise<void> {
  const set: Record<string, unknown> = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (changes.status !== undefined) set.reportedAt = null;
  if (Object.keys(set).length === 0) return;
  await tx.update(comments).set(set).where(eq(comments.id, row.id));
  threadChanged(events, row);
}

export interface AdminRow extends CommentRow {
  lessonTitle: string;
  authorEmail: string | null;
}

const withLesson = (db: Pick<Db, 'select'>) =>
  db
    .select({ ...rowColumns, lessonTitle: courseLessons.title, authorEmail: users.email })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .innerJoin(courseLessons, eq(courseLessons.id, comments.lessonId));

/** The comment as an admin's queue shows it. */
export async function findAdminRow(db: Pick<Db, 'select'>, id: string): Promise<AdminRow | undefined> {
  const [row] = await withLesson(db).where(eq(comments.id, id));
  return row;
}

/** A page of an admin queue, newest first. `reported`: comments reported since an admin last set their status (never a stub). */
export async function readQueuePage(
  db: Pick<Db, 'select'>,
  queue: CommentQueue,
  cursor: string | undefined,
): Promise<{ rows: AdminRow[]; nextCursor: string | null }> {
  let after: SQL | undefined;
  if (cursor !== undefined) {
    const key = decodeCursor<[number, string]>(cursor, ['number', 'string']);
    if (!key) throw new BadCursor();
    after = sql`(${comments.createdAt}, ${comments.id}) < (${sql.param(key[0], comments.createdAt)}, ${key[1]})`;
  }
  const inQueue =
    // Written out, not bound: the partial index's condition must be seen in the query for either database to use it.
    queue === 'held' ? sql`${comments.status} = 'held'` : queue === 'reported' ? isNotNull(comments.reportedAt) : undefined;
  const rows = await withLesson(db)
    .where(and(inQueue, after))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(COMMENTS_PAGE_SIZE + 1);
  const page = rows.slice(0, COMMENTS_PAGE_SIZE);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > COMMENTS_PAGE_SIZE && last ? encodeCursor([last.createdAt, last.id]) : null };
}

export interface ReportRow {
  commentId: string;
  userId: string | null;
  userName: string | null;
  reason: string;
  createdAt: number;
}

/** Every report of these comments, oldest first. */
export async function readReports(db: Pick<Db, 'select'>, commentIds: string[]): Promise<ReportRow[]> {
  if (commentIds.length === 0) return [];
  return db
    .select({ commentId: commentReports.commentId, userId: users.id, userName: users.name, reason: commentReports.reason, createdAt: commentReports.createdAt })
    .from(commentReports)
    .leftJoin(users, eq(users.id, commentReports.userId))
    .where(inArray(commentReports.commentId, commentIds))
    .orderBy(asc(commentReports.createdAt));
}

/** How many comments each of these members has (stubs have no author, so they count for no one). */
export async function countByAuthor(db: Pick<Db, 'select'>, authorIds: string[]): Promise<Map<string, number>> {
  if (authorIds.length === 0) return new Map();
  const rows = await db
    .select({ authorId: comments.authorId, comments: count() })
    .from(comments)
    .where(inArray(comments.authorId, authorIds))
    .groupBy(comments.authorId);
  return new Map(rows.map((row) => [row.authorId!, row.comments]));
}

/** The member's own comments, oldest first: their part of the data export (CONTRACT §5). */
export async function commentsOf(db: Pick<Db, 'select'>, userId: string): Promise<CommentRow[]> {
  return withAuthor(db).where(eq(comments.authorId, userId)).orderBy(asc(comments.createdAt), asc(comments.id));
}

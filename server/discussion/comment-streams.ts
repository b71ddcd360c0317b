// The live event streams of lessons' discussions (CONTRACT §9; decision 055): one registry per
// process of the streams open on it, by lesson (passes: decision 058). A comment write publishes `comment-changed` with
// its lesson and thread after its commit (comments-data.ts), from whichever process took it; here,
// for a lesson with readers, the thread (row and replies), the lesson and the readers' users are
// read once per pass, whatever the number of readers, and each reader gets the thread as they
// may see it, `removed`, or `closed` when they may no longer read (their session ended, their
// account was suspended, the lesson locked for them). Events of one lesson are handled in order:
// the threads changed while a lesson's pass runs wait for the next pass, all of them together
// (once each), which reads the readers once for them all and writes each reader once.
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES } from '../../shared/messages';
import { lessonAccess, lockedMessage } from '../course/access';
import { findLessonWithModule } from '../course/content/content-data';
import type { Db } from '../db/client';
import type { EventBus } from '../events/event-bus';
import { findMemberStandings, type MemberStanding } from '../users/data';
import { revokedAmong } from '../users/sessions';
import { commentAnswer } from './comment-answers';
import { canRead, readThread, type CommentRow, type Reader } from './comments-data';

export const KEEP_ALIVE_MS = 25_000;
/** What a reader that does not read may leave unsent: past it the stream ends (the client reconnects and reloads). */
const MAX_UNSENT_BYTES = 1 << 20;

/**
 * Streams one member may hold open in one process: a tab each for a few lessons is plenty, and
 * each stream holds a connection and a buffer, so a script opening thousands is refused.
 */
export const MAX_STREAMS_PER_MEMBER = 10;

export const STREAM_MESSAGES = {
  lessonGone: 'This lesson is no longer available.',
  tooMany: `You have ${MAX_STREAMS_PER_MEMBER} discussions open at once: close one to follow another.`,
} as const;

/** Who holds a stream: the member and the session they opened it with. */
export interface StreamReader {
  userId: string;
  tokenId: string;
  issuedAtMs: number;
}

interface OpenStream extends StreamReader {
  lessonId: string;
  out: PassThrough;
}

const frame = (event: 'ready' | 'comment' | 'removed' | 'closed', data: object) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const READY = frame('ready', {});

/** Why the session behind a stream no longer reads anything: signed out (one session or all), suspended, deleted. */
function sessionRefusal(stream: OpenStream, standing: MemberStanding | undefined, revoked: Set<string>): string | undefined {
  if (!standing || revoked.has(stream.tokenId) || stream.issuedAtMs < standing.sessionsValidFrom) return MESSAGES.sessionExpired;
  if (standing.status !== 'active') return MESSAGES.accountSuspended;
  return undefined;
}

/** Which of a change's texts `reader` gets: admins' own, a writer's own (their held comments, their Markdown), or every other member's. */
const readerKind = (reader: Reader, writers: ReadonlySet<string>) => (reader.admin ? 'admin' : writers.has(reader.id) ? reader.id : 'member');

/** A changed thread's frames, each built once for the readers of its kind. */
class ThreadViews {
  readonly writers: ReadonlySet<string>;
  private readonly frames = new Map<string, string>();

  constructor(
    private readonly threadId: string,
    private readonly thread: { comment: CommentRow | undefined; replies: CommentRow[] },
  ) {
    this.writers = new Set([thread.comment, ...thread.replies].flatMap((row) => (row?.authorId ? [row.authorId] : [])));
  }

  /** The thread as `reader` may see it: its `comment` frame, or `removed`. */
  frame(reader: Reader): string {
    const kind = readerKind(reader, this.writers);
    let text = this.frames.get(kind);
    if (text === undefined) this.frames.set(kind, (text = this.build(reader)));
    return text;
  }

  private build(reader: Reader): string {
    const { comment, replies } = this.thread;
    if (!comment || !canRead(reader, comment)) return frame('removed', { _id: this.threadId });
    return frame('comment', {
      comment: commentAnswer(
        comment,
        reader,
        replies.filter((reply) => canRead(reader, reply)),
      ),
    });
  }
}

export class CommentStreams {
  private readonly lessons = new Map<string, Set<OpenStream>>();
  /** Open streams by member, kept beside `lessons` so that the cap's check does not walk them all. */
  private readonly byMember = new Map<string, number>();
  /** Per lesson, the threads changed and not yet read, in the order they came. */
  private readonly waiting = new Map<string, Set<string>>();
  /** Lessons whose pass is under way: what changes meanwhile waits for the next pass. */
  private readonly passing = new Set<string>();
  private readonly unsubscribes: Array<() => void>;
  private readonly keepAlive: NodeJS.Timeout;

  constructor(
    private readonly deps: { db: Db; events: EventBus; clock: () => number; log: FastifyBaseLogger },
    keepAliveMs = KEEP_ALIVE_MS,
  ) {
    this.unsubscribes = [
      deps.events.subscribe('comment-changed', ({ lessonId, threadId }) => this.queue(lessonId, threadId)),
      deps.events.subscribe('sessions-ended', ({ userId }) => void this.checkSessions(userId)),
      // Comment events of the gap are lost: every reader reloads the first page, as after a reconnect.
      deps.events.subscribe('events-missed', () => this.forEach((stream) => this.write(stream, READY))),
    ];
    this.keepAlive = setInterval(() => this.forEach((stream) => this.write(stream, ': keep-alive\n\n')), keepAliveMs).unref();
  }

  /** The reader's stream of the lesson's events (the route has checked they may open it), `ready` first. */
  open(lessonId: string, reader: StreamReader): PassThrough {
    const out = new PassThrough();
    const stream: OpenStream = { ...reader, lessonId, out };
    let streams = this.lessons.get(lessonId);
    if (!streams) this.lessons.set(lessonId, (streams = new Set()));
    streams.add(stream);
    this.byMember.set(reader.userId, this.openBy(reader.userId) + 1);
    // The client went (Fastify destroys the stream then), or the stream was ended here.
    out.once('close', () => this.forget(stream));
    out.write(READY);
    return out;
  }

  /** How many streams `userId` holds open in this process. */
  openBy(userId: string): number {
    return this.byMember.get(userId) ?? 0;
  }

  /** How many streams are open: for tests and the bench. */
  get size(): number {
    let open = 0;
    for (const streams of this.lessons.values()) open += streams.size;
    return open;
  }

  /** Ends every stream (the app is closing: clients reconnect, to another process or after the restart). */
  close(): void {
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
    clearInterval(this.keepAlive);
    this.forEach((stream) => this.end(stream));
  }

  private forEach(act: (stream: OpenStream) => void): void {
    for (const streams of this.lessons.values()) for (const stream of [...streams]) act(stream);
  }

  private forget(stream: OpenStream): void {
    const streams = this.lessons.get(stream.lessonId);
    // Forgotten once: an ended stream is forgotten again when its 'close' follows.
    if (!streams?.delete(stream)) return;
    if (streams.size === 0) this.lessons.delete(stream.lessonId);
    const left = this.openBy(stream.userId) - 1;
    if (left > 0) this.byMember.set(stream.userId, left);
    else this.byMember.delete(stream.userId);
  }

  private end(stream: OpenStream, closed?: string): void {
    this.forget(stream);
    if (closed !== undefined && !stream.out.writableEnded) stream.out.write(frame('closed', { message: closed }));
    stream.out.end();
  }

  private write(stream: OpenStream, text: string | Buffer): void {
    if (stream.out.writableEnded) return;
    if (stream.out.writableLength > MAX_UNSENT_BYTES) return this.end(stream);
    stream.out.write(text);
  }

  /** Handles the thread's change after the lesson's earlier ones; nothing when no reader of this process is on the lesson. */
  private queue(lessonId: string, threadId: string): void {
    if (!this.lessons.has(lessonId)) return;
    let threads = this.waiting.get(lessonId);
    if (!threads) this.waiting.set(lessonId, (threads = new Set()));
    threads.add(threadId);
    if (this.passing.has(lessonId)) return;
    this.passing.add(lessonId);
    // After the publisher's own work (its commit's answer): the events of this tick go in one pass.
    queueMicrotask(() => void this.passes(lessonId));
  }

  /** The lesson's passes, one after another, while threads wait. */
  private async passes(lessonId: string): Promise<void> {
    for (let threads = this.waiting.get(lessonId); threads; threads = this.waiting.get(lessonId)) {
      this.waiting.delete(lessonId);
      try {
        await this.threadsChanged(lessonId, [...threads]);
      } catch (error) {
        this.deps.log.error({ err: error, lessonId, threadIds: [...threads] }, 'comment events could not reach their streams');
      }
    }
    this.passing.delete(lessonId);
  }

  private async threadsChanged(lessonId: string, threadIds: string[]): Promise<void> {
    const streams = [...(this.lessons.get(lessonId) ?? [])];
    if (streams.length === 0) return;
    const { db } = this.deps;
    const [threads, found, standings, revoked] = await Promise.all([
      Promise.all(threadIds.map((threadId) => readThread(db, threadId))),
      findLessonWithModule(db, lessonId),
      findMemberStandings(db, [...new Set(streams.map((stream) => stream.userId))]),
      revokedAmong(db, [...new Set(streams.map((stream) => stream.tokenId))]),
    ]);
    const now = this.deps.clock();
    const views = threadIds.map((threadId, i) => new ThreadViews(threadId, threads[i]!));
    // A member who wrote none of these threads sees what every such member sees: one text for all of them.
    const writers = new Set(views.flatMap((view) => [...view.writers]));
    const texts = new Map<string, Buffer>();
    for (const stream of streams) {
      const standing = standings.get(stream.userId);
      const refusal = sessionRefusal(stream, standing, revoked);
      if (refusal !== undefined || !standing) {
        this.end(stream, refusal);
        continue;
      }
      const access = found
        ? lessonAccess({ role: standing.role, tier: standing.membershipTier, paidSince: standing.paidSince }, found.lesson, found.module, now)
        : undefined;
      if (access?.state !== 'open') {
        this.end(stream, access?.state === 'locked' ? lockedMessage(access) : STREAM_MESSAGES.lessonGone);
        continue;
      }
      const reader: Reader = { id: stream.userId, admin: standing.role === 'admin' };
      const kind = readerKind(reader, writers);
      let text = texts.get(kind);
      // One Buffer for every reader of a kind: the stream writes it as it is, with no encoding each.
      if (text === undefined) texts.set(kind, (text = Buffer.from(views.map((view) => view.frame(reader)).join(''))));
      this.write(stream, text);
    }
  }

  /** The user signed out: their streams whose session no longer holds end now. */
  private async checkSessions(userId: string): Promise<void> {
    const streams: OpenStream[] = [];
    this.forEach((stream) => {
      if (stream.userId === userId) streams.push(stream);
    });
    if (streams.length === 0) return;
    try {
      const [standings, revoked] = await Promise.all([
        findMemberStandings(this.deps.db, [userId]),
        revokedAmong(
          this.deps.db,
          streams.map((stream) => stream.tokenId),
        ),
      ]);
      for (const stream of streams) {
        const refusal = sessionRefusal(stream, standings.get(userId), revoked);
        if (refusal !== undefined) this.end(stream, refusal);
      }
    } catch (error) {
      this.deps.log.error({ err: error, userId }, 'open comment streams could not check a sign-out');
    }
  }
}

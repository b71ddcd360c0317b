// A member's attempts at a quiz (CONTRACT §8 "Member calls"): the only code that touches
// course_attempts and course_attempt_answers (decision 049).
// - Start: one insert that the two unique keys guard, with no read that decides it: a second open
//   attempt (another tab, a double click) conflicts with the partial index, and a number past the
//   limit is never written, so 20 parallel starts make one attempt and the limit holds.
// - Answers: one row per question, upserted in a transaction that first finds the attempt open; the
//   submit closes it in a transaction too, so an answer is either in the score or refused (on
//   PostgreSQL the serializable transactions make the later of the two run again and see the other).
// - Submit: closes, scores and records in one transaction; a submitted attempt answers as it is.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { Answer, Question } from '../../../shared/quiz';
import type { Db, Tx } from '../../db/client';
import { courseAttemptAnswers, courseAttempts, courseQuestionTallies } from '../../db/schema';
import { holdWrites, transaction } from '../../db/transaction';
import { tallySubmitted } from './quiz-tallies';

export interface AttemptRow {
  id: string;
  userId: string;
  lessonId: string;
  number: number;
  startedAt: number;
  submittedAt: number | null;
  /** The snapshot taken at the start, right answers included. */
  questions: Question[];
  percent: number | null;
  passed: boolean | null;
  results: StoredResult[] | null;
}

/** A question's result as kept: its taught lesson's title is added when answered (it may change or go). */
export interface StoredResult {
  questionId: string;
  earned: number;
  points: number;
  correct: boolean;
  correctOptionIds?: string[];
  answers?: string[];
  explanation: string;
  taught: Question['taught'];
}

const columns = {
  id: courseAttempts.id,
  userId: courseAttempts.userId,
  lessonId: courseAttempts.lessonId,
  number: courseAttempts.number,
  startedAt: courseAttempts.startedAt,
  submittedAt: courseAttempts.submittedAt,
  questions: courseAttempts.questions,
  percent: courseAttempts.percent,
  passed: courseAttempts.passed,
  results: courseAttempts.results,
};

type Row = Omit<AttemptRow, 'questions' | 'results'> & { questions: string; results: string | null };

const toAttempt = (row: Row): AttemptRow => ({
  ...row,
  questions: JSON.parse(row.questions) as Question[],
  results: row.results === null ? null : (JSON.parse(row.results) as StoredResult[]),
});

export async function findAttempt(db: Pick<Db, 'select'>, id: string): Promise<AttemptRow | undefined> {
  const [row] = await db.select(columns).from(courseAttempts).where(eq(courseAttempts.id, id));
  return row && toAttempt(row);
}

const ofMember = (userId: string, lessonId: string) => and(eq(courseAttempts.userId, userId), eq(courseAttempts.lessonId, lessonId));

export async function findOpenAttempt(db: Pick<Db, 'select'>, userId: string, lessonId: string): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(courseAttempts)
    .where(and(ofMember(userId, lessonId), isNull(courseAttempts.submittedAt)));
  return row && toAttempt(row);
}

/** What the quiz's answer says of the member's attempts: how many, the best, and the last submit. */
export interface AttemptsSummary {
  used: number;
  best: { percent: number; passed: boolean } | null;
  lastSubmittedAt: number | null;
}

export async function summarizeAttempts(db: Pick<Db, 'select'>, userId: string, lessonId: string): Promise<AttemptsSummary> {
  const [counts] = await db
    .select({ used: max(courseAttempts.number), lastSubmittedAt: max(courseAttempts.submittedAt) })
    .from(courseAttempts)
    .where(ofMember(userId, lessonId));
  const [best] = await db
    .select({ percent: courseAttempts.percent, passed: courseAttempts.passed })
    .from(courseAttempts)
    .where(and(ofMember(userId, lessonId), isNotNull(courseAttempts.submittedAt)))
    .orderBy(desc(courseAttempts.passed), desc(courseAttempts.percent))
    .limit(1);
  return {
    used: counts?.used ?? 0,
    best: best ? { percent: best.percent!, passed: best.passed! } : null,
    lastSubmittedAt: counts?.lastSubmittedAt ?? null,
  };
}

export interface NewAttempt {
  userId: string;
  lessonId: string;
  /** null: unlimited. */
  attemptsAllowed: number | null;
  questions: Question[];
  at: number;
}

/**
 * The member's open attempt at the quiz, started now if there is none: 'started' or 'open' with it,
 * or 'no-attempts-left'. A lesson or member deleted meanwhile fails its foreign key (the caller's 404).
 */
export async function startAttempt(db: Db, start: NewAttempt): Promise<{ state: 'started' | 'open'; attempt: AttemptRow } | { state: 'no-attempts-left' }> {
  // A few rounds at most: each is lost only to another request that started or submitted meanwhile.
  for (let round = 0; round < 5; round++) {
    const open = await findOpenAttempt(db, start.userId, start.lessonId);
    if (open) return { state: 'open', attempt: open };
    const [last] = await db
      .select({ number: max(courseAttempts.number) })
      .from(courseAttempts)
      .where(ofMember(start.userId, start.lessonId));
    const number = (last?.number ?? 0) + 1;
    if (start.attemptsAllowed !== null && number > start.attemptsAllowed) {
      // The last attempt allowed may have been started between the two reads above: then it is the answer.
      const startedMeanwhile = await findOpenAttempt(db, start.userId, start.lessonId);
      return startedMeanwhile ? { state: 'open', attempt: startedMeanwhile } : { state: 'no-attempts-left' };
    }
    const [row] = await db
      .insert(courseAttempts)
      .values({
        id: randomUUID(),
        userId: start.userId,
        lessonId: start.lessonId,
        number,
        startedAt: start.at,
        questions: JSON.stringify(start.questions),
      })
      // Either key: another open attempt (the partial index) or this number taken (the other index).
      .onConflictDoNothing()
      .returning(columns);
    if (row) return { state: 'started', attempt: toAttempt(row) };
  }
  throw new Error('An attempt could not be started after five rounds of parallel starts');
}

/** The answers given in the attempt, by question id. */
export async function readAnswers(db: Pick<Db, 'select'>, attemptId: string): Promise<Record<string, Answer>> {
  const rows = await db
    .select({ questionId: courseAttemptAnswers.questionId, answer: courseAttemptAnswers.answer })
    .from(courseAttemptAnswers)
    .where(eq(courseAttemptAnswers.attemptId, attemptId));
  return Object.fromEntries(rows.map((row) => [row.questionId, JSON.parse(row.answer) as Answer]));
}

/** Keeps the answer; 'submitted' once the attempt is (nothing written); undefined: no such attempt. */
export function saveAnswer(db: Db, attemptId: string, questionId: string, answer: Answer, at: number): Promise<'saved' | 'submitted' | undefined> {
  return transaction(db, async (tx) => {
    const [attempt] = await tx.select({ submittedAt: courseAttempts.submittedAt }).from(courseAttempts).where(eq(courseAttempts.id, attemptId));
    if (!attempt) return undefined;
    if (attempt.submittedAt !== null) return 'submitted';
    const stored = JSON.stringify(answer);
    await tx
      .insert(courseAttemptAnswers)
      .values({ attemptId, questionId, answer: stored, updatedAt: at })
      .onConflictDoUpdate({ target: [courseAttemptAnswers.attemptId, courseAttemptAnswers.questionId], set: { answer: stored, updatedAt: at } });
    return 'saved';
  });
}

export interface Scored {
  percent: number;
  passed: boolean;
  results: StoredResult[];
}

/**
 * Closes the attempt with the result `score` gives its answers, and runs `then` (the lesson's
 * completion) in the same transaction; an attempt already submitted is answered as it is, and
 * `then` does not run again. Undefined: no such attempt.
 */
export function submitAttempt(
  db: Db,
  attemptId: string,
  score: (attempt: AttemptRow, answers: Record<string, Answer>) => Scored,
  then: (tx: Tx, attempt: AttemptRow) => Promise<unknown>,
  at: number,
): Promise<AttemptRow | undefined> {
  return transaction(db, async (tx) => {
    // Every submit adds to the same few tally rows: on PostgreSQL, submits take turns from the
    // start, so that none reads a snapshot older than another's committed +1 (decision 054).
    await holdWrites(tx, courseQuestionTallies);
    const attempt = await findAttempt(tx, attemptId);
    if (!attempt || attempt.submittedAt !== null) return attempt;
    const answers = await readAnswers(tx, attemptId);
    const scored = score(attempt, answers);
    const [row] = await tx
      .update(courseAttempts)
      .set({ submittedAt: at, percent: scored.percent, passed: scored.passed, results: JSON.stringify(scored.results) })
      .where(and(eq(courseAttempts.id, attemptId), isNull(courseAttempts.submittedAt)))
      .returning(columns);
    // Closed meanwhile by another submit (SQLite's one writer makes this a race that cannot be lost there).
    if (!row) return findAttempt(tx, attemptId);
    const submitted = toAttempt(row);
    await tallySubmitted(tx, submitted, answers);
    await then(tx, submitted);
    return submitted;
  });
}

/** Every attempt of the member's, oldest first: for their data export. */
export async function memberAttempts(db: Pick<Db, 'select'>, userId: string): Promise<AttemptRow[]> {
  const rows = await db
    .select(columns)
    .from(courseAttempts)
    .where(eq(courseAttempts.userId, userId))
    .orderBy(courseAttempts.startedAt, sql`${courseAttempts.id}`);
  return rows.map(toAttempt);
}

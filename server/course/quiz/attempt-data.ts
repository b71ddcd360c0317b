// A member's attempts at a quiz (CONTRACT §8 "Member calls"): the only code that touches
// course_attempts and course_attempt_answers (decisions 049 and 059).
// - Start: one insert that the two unique keys guard, with no read that decides it: a second open
//   attempt (another tab, a double click) conflicts with the partial index, and a number past the
//   limit is never written, so 20 parallel starts make one attempt and the limit holds.
// - Answers: one row per question, each save a single upsert that writes only while the attempt is
//   the member's and open (its WHERE), holding the attempt's row (PostgreSQL: for share) until it
//   is written.
// - Submit: locks the attempt's row first (PostgreSQL: for update), so that it waits for the saves
//   in flight and every later save finds it submitted; then it reads the answers, scores, records
//   and completes in one transaction. An answer is either in the score or refused with 409. A
//   submitted attempt answers as it is.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, max, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Answer, Question } from '../../../shared/quiz';
import type { Db, Tx } from '../../db/client';
import { dialect } from '../../db/dialect';
import { preparedAs, preparedPerDatabase } from '../../db/prepared';
import { courseAttemptAnswers, courseAttempts } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { keepAttemptKey } from './attempt-keys';
import { addToTallies, recordMarks } from './quiz-tallies';

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

const p = sql.placeholder;

// The statements a start, a save and a submit run, prepared once per database (in a transaction on
// PostgreSQL, once per transaction) and named, so that PostgreSQL plans each once per connection:
// a quiz's calls are the busiest of the site (decision 061).
const byId = preparedPerDatabase((db) =>
  preparedAs(
    db
      .select(columns)
      .from(courseAttempts)
      .where(eq(courseAttempts.id, p('id'))),
    'attempt-by-id',
  ),
);

export async function findAttempt(db: Db, id: string): Promise<AttemptRow | undefined> {
  const [row] = await byId(db, '').execute({ id });
  return row && toAttempt(row as Row);
}

const ofMember = () => and(eq(courseAttempts.userId, p('userId')), eq(courseAttempts.lessonId, p('lessonId')));

const openOfMember = preparedPerDatabase((db) =>
  preparedAs(
    db
      .select(columns)
      .from(courseAttempts)
      .where(and(ofMember(), isNull(courseAttempts.submittedAt))),
    'attempt-open',
  ),
);

export async function findOpenAttempt(db: Db, userId: string, lessonId: string): Promise<AttemptRow | undefined> {
  const [row] = await openOfMember(db, '').execute({ userId, lessonId });
  return row && toAttempt(row as Row);
}

/** What the quiz's answer says of the member's attempts: how many, the best, and the last submit. */
export interface AttemptsSummary {
  used: number;
  best: { percent: number; passed: boolean } | null;
  lastSubmittedAt: number | null;
}

/**
 * The member's own attempts at the quiz, four small columns each (no snapshot), summed up here. The
 * best is the highest percent among those passed, else the highest of all submitted (only a
 * submitted attempt has a percent). Asked of the database as "passed first, then percent, limit 1",
 * SQLite's planner read every submitted attempt of the quiz, all members', at each start; as
 * aggregates, PostgreSQL planned the statement again at every call (decision 061).
 */
const memberRows = preparedPerDatabase((db) =>
  preparedAs(
    db
      .select({ number: courseAttempts.number, submittedAt: courseAttempts.submittedAt, percent: courseAttempts.percent, passed: courseAttempts.passed })
      .from(courseAttempts)
      .where(ofMember()),
    'attempt-summary',
  ),
);

export async function summarizeAttempts(db: Db, userId: string, lessonId: string): Promise<AttemptsSummary> {
  const summary: AttemptsSummary = { used: 0, best: null, lastSubmittedAt: null };
  for (const row of await memberRows(db, '').execute({ userId, lessonId })) {
    summary.used = Math.max(summary.used, row.number);
    if (row.submittedAt === null || row.percent === null) continue;
    summary.lastSubmittedAt = Math.max(summary.lastSubmittedAt ?? 0, row.submittedAt);
    const passed = row.passed === true;
    const best = summary.best;
    if (!best || (passed && !best.passed) || (passed === best.passed && row.percent > best.percent)) summary.best = { percent: row.percent, passed };
  }
  return summary;
}

const lastNumber = preparedPerDatabase((db) =>
  preparedAs(
    db
      .select({ number: max(courseAttempts.number) })
      .from(courseAttempts)
      .where(ofMember()),
    'attempt-last-number',
  ),
);

const insertAttempt = preparedPerDatabase((db) =>
  preparedAs(
    db
      .insert(courseAttempts)
      .values({ id: p('id'), userId: p('userId'), lessonId: p('lessonId'), number: p('number'), startedAt: p('startedAt'), questions: p('questions') })
      // Either key: another open attempt (the partial index) or this number taken (the other index).
      .onConflictDoNothing()
      .returning(columns),
    'attempt-insert',
  ),
);

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
    const [last] = await lastNumber(db, '').execute({ userId: start.userId, lessonId: start.lessonId });
    const number = (last?.number ?? 0) + 1;
    if (start.attemptsAllowed !== null && number > start.attemptsAllowed) {
      // The last attempt allowed may have been started between the two reads above: then it is the answer.
      const startedMeanwhile = await findOpenAttempt(db, start.userId, start.lessonId);
      return startedMeanwhile ? { state: 'open', attempt: startedMeanwhile } : { state: 'no-attempts-left' };
    }
    const [row] = await insertAttempt(db, '').execute({
      id: randomUUID(),
      userId: start.userId,
      lessonId: start.lessonId,
      number,
      startedAt: start.at,
      questions: JSON.stringify(start.questions),
    });
    if (row) {
      const attempt = toAttempt(row as Row);
      keepAttemptKey(db, attempt);
      return { state: 'started', attempt };
    }
  }
  throw new Error('An attempt could not be started after five rounds of parallel starts');
}

const answersOf = preparedPerDatabase((db) =>
  preparedAs(
    db
      .select({ questionId: courseAttemptAnswers.questionId, answer: courseAttemptAnswers.answer })
      .from(courseAttemptAnswers)
      .where(eq(courseAttemptAnswers.attemptId, p('attemptId'))),
    'attempt-answers',
  ),
);

/** The answers given in the attempt, by question id. */
export async function readAnswers(db: Db, attemptId: string): Promise<Record<string, Answer>> {
  const rows = await answersOf(db, '').execute({ attemptId });
  return Object.fromEntries(rows.map((row) => [row.questionId, JSON.parse(row.answer) as Answer]));
}

/**
 * The save: the answer's row, from the attempt's row while it is the member's and open, upserted.
 * On PostgreSQL it runs on its own (read committed) and holds the attempt's row for share until
 * it is written: a submit that locks the row first makes it wait and then find the attempt
 * submitted; one that comes later waits for it, and then reads its answer. The casts give
 * PostgreSQL the parameters' types, which a select list cannot infer.
 */
const upsertAnswer = preparedPerDatabase((db) => {
  const open = db
    .select({
      attemptId: courseAttempts.id,
      questionId: sql<string>`cast(${p('questionId')} as text)`.as('question_id'),
      answer: sql<string>`cast(${p('answer')} as text)`.as('answer'),
      updatedAt: sql<number>`cast(${p('at')} as bigint)`.as('updated_at'),
    })
    .from(courseAttempts)
    .where(and(eq(courseAttempts.id, p('attemptId')), eq(courseAttempts.userId, p('userId')), isNull(courseAttempts.submittedAt)));
  return preparedAs(
    db
      .insert(courseAttemptAnswers)
      .select(dialect === 'postgres' ? ((open as unknown as PgSelect).for('share') as unknown as typeof open) : open)
      .onConflictDoUpdate({
        target: [courseAttemptAnswers.attemptId, courseAttemptAnswers.questionId],
        set: { answer: sql`excluded.answer`, updatedAt: sql`excluded.updated_at` },
      })
      .returning({ attemptId: courseAttemptAnswers.attemptId }),
    'attempt-answer-save',
  );
});

export interface AnswerSave {
  attemptId: string;
  userId: string;
  questionId: string;
  answer: Answer;
  at: number;
}

/** Keeps the answer; 'submitted' once the attempt is (nothing written); undefined: no such attempt of the member's. */
export async function saveAnswer(db: Db, save: AnswerSave): Promise<'saved' | 'submitted' | undefined> {
  const { answer, ...keys } = save;
  const [row] = await upsertAnswer(db, '').execute({ ...keys, answer: JSON.stringify(answer) });
  if (row) return 'saved';
  // Refused: why, read only now.
  return (await isSubmitted(db, save.attemptId, save.userId)) ? 'submitted' : undefined;
}

/** Whether the member's attempt is submitted; undefined: no such attempt of theirs. */
export async function isSubmitted(db: Pick<Db, 'select'>, attemptId: string, userId: string): Promise<boolean | undefined> {
  const [attempt] = await db
    .select({ submittedAt: courseAttempts.submittedAt })
    .from(courseAttempts)
    .where(and(eq(courseAttempts.id, attemptId), eq(courseAttempts.userId, userId)));
  return attempt && attempt.submittedAt !== null;
}

export interface Scored {
  percent: number;
  passed: boolean;
  results: StoredResult[];
}

const lockedById = preparedPerDatabase((tx) => {
  const read = tx
    .select(columns)
    .from(courseAttempts)
    .where(eq(courseAttempts.id, p('id')));
  return preparedAs(dialect === 'postgres' ? ((read as unknown as PgSelect).for('update') as unknown as typeof read) : read, 'attempt-locked');
});

/** The attempt's row, locked until the transaction ends (PostgreSQL; SQLite's transaction has the one write lock already). */
async function lockedAttempt(tx: Tx, id: string): Promise<AttemptRow | undefined> {
  const [row] = await lockedById(tx, '').execute({ id });
  return row && toAttempt(row as Row);
}

const closeAttempt = preparedPerDatabase((tx) =>
  preparedAs(
    tx
      .update(courseAttempts)
      // `passed` goes as 1 or 0: SQLite binds no booleans, and PostgreSQL reads '1' and '0' as one.
      .set({ submittedAt: sql`${p('at')}`, percent: sql`${p('percent')}`, passed: sql`${p('passed')}`, results: sql`${p('results')}` })
      .where(eq(courseAttempts.id, p('id'))),
    'attempt-close',
  ),
);

/**
 * Closes the attempt with the result `score` gives its answers, and runs `then` (the lesson's
 * completion) in the same transaction; an attempt already submitted is answered as it is, and
 * `then` does not run again. Answers the attempt with the answers it holds; undefined: no such attempt.
 * On PostgreSQL the transaction is read committed (decision 059): the attempt's row, locked first,
 * orders it after every save in flight, and the answers, read after that, are every one saved.
 */
export function submitAttempt(
  db: Db,
  attemptId: string,
  score: (attempt: AttemptRow, answers: Record<string, Answer>) => Scored,
  then: (tx: Tx, attempt: AttemptRow) => Promise<unknown>,
  at: number,
): Promise<{ attempt: AttemptRow; answers: Record<string, Answer> } | undefined> {
  return transaction(
    db,
    async (tx) => {
      const attempt = await lockedAttempt(tx, attemptId);
      if (!attempt) return undefined;
      const answers = await readAnswers(tx, attemptId);
      if (attempt.submittedAt !== null) return { attempt, answers };
      const scored = score(attempt, answers);
      await closeAttempt(tx, '').execute({
        id: attemptId,
        at,
        percent: scored.percent,
        passed: scored.passed ? 1 : 0,
        results: JSON.stringify(scored.results),
      });
      const submitted: AttemptRow = { ...attempt, submittedAt: at, ...scored };
      const marks = await recordMarks(tx, submitted, answers);
      // Then the rows other submits write too, each held from its write to the commit: the quiz's
      // tallies, then the completion, whose triggers write the lesson's and the module's totals,
      // rows every member's progress in the module writes (decision 062).
      await addToTallies(tx, marks);
      await then(tx, submitted);
      return { attempt: submitted, answers };
    },
    { isolation: 'read committed' },
  );
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

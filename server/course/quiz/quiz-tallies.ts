// The quiz insights' running totals (decision 054): a submit adds its attempt's marks to them in
// its own transaction (its own rows first, the shared tallies last: decision 059), and the
// insights read them back: a few rows per question and a count over the quiz's members, whatever
// the number of attempts. An attempt's deletion (with its member or
// its quiz) takes its marks back by database triggers (drizzle/0023, drizzle-pg/0018).
import { and, count, eq, sql } from 'drizzle-orm';
import type { Answer } from '../../../shared/quiz';
import type { Db, Tx } from '../../db/client';
import { courseAttemptMarks, courseAttemptWrongPicks, courseQuestionTallies, courseQuizMembers, courseWrongPickTallies } from '../../db/schema';
import type { AttemptRow, StoredResult } from './attempt-data';

/** The wrong options each question's answer picked, as `results` judged them. */
export function wrongPicks(results: readonly StoredResult[], answers: Readonly<Record<string, Answer>>) {
  return results.flatMap((result) => {
    const answer = answers[result.questionId];
    if (!answer || !('optionIds' in answer)) return [];
    const right = new Set(result.correctOptionIds ?? []);
    return [...new Set(answer.optionIds)].filter((optionId) => !right.has(optionId)).map((optionId) => ({ questionId: result.questionId, optionId }));
  });
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What a submitted attempt adds to its quiz's totals: its results and wrong picks, in the order their rows are taken. */
export interface Marks {
  lessonId: string;
  results: StoredResult[];
  picks: Array<{ questionId: string; optionId: string }>;
}

/**
 * Writes a just-submitted attempt's (`results` set) own rows, in its submit's transaction: its
 * marks, its wrong picks and its member's row. Answers what `addToTallies` adds.
 */
export async function recordMarks(tx: Tx, attempt: AttemptRow, answers: Readonly<Record<string, Answer>>): Promise<Marks> {
  const lessonId = attempt.lessonId;
  // In question, then option order, the order every submit takes the tally rows in: submits run
  // side by side on PostgreSQL (decision 059), and two never wait on each other in a circle.
  const results = [...(attempt.results ?? [])].sort((a, b) => compare(a.questionId, b.questionId));
  const picks = wrongPicks(results, answers).sort((a, b) => compare(a.questionId, b.questionId) || compare(a.optionId, b.optionId));
  if (results.length > 0)
    await tx
      .insert(courseAttemptMarks)
      .values(results.map((result) => ({ attemptId: attempt.id, lessonId, questionId: result.questionId, full: result.correct })));
  if (picks.length > 0) await tx.insert(courseAttemptWrongPicks).values(picks.map((pick) => ({ attemptId: attempt.id, lessonId, ...pick })));
  await tx
    .insert(courseQuizMembers)
    .values({ lessonId, userId: attempt.userId, attempts: 1, passed: attempt.passed ?? false })
    .onConflictDoUpdate({
      target: [courseQuizMembers.lessonId, courseQuizMembers.userId],
      set: { attempts: sql`${courseQuizMembers.attempts} + 1`, passed: sql`${courseQuizMembers.passed} or excluded.passed` },
    });
  return { lessonId, results, picks };
}

/**
 * Adds the marks to the quiz's tallies: rows every submit of the quiz writes, so its submit
 * writes them last, holding them only until its commit.
 */
export async function addToTallies(tx: Tx, { lessonId, results, picks }: Marks): Promise<void> {
  if (results.length > 0)
    await tx
      .insert(courseQuestionTallies)
      .values(results.map((result) => ({ lessonId, questionId: result.questionId, answered: 1, full: result.correct ? 1 : 0 })))
      .onConflictDoUpdate({
        target: [courseQuestionTallies.lessonId, courseQuestionTallies.questionId],
        set: { answered: sql`${courseQuestionTallies.answered} + excluded.answered`, full: sql`${courseQuestionTallies.full} + excluded.full` },
      });
  if (picks.length > 0)
    await tx
      .insert(courseWrongPickTallies)
      .values(picks.map((pick) => ({ lessonId, ...pick, picks: 1 })))
      .onConflictDoUpdate({
        target: [courseWrongPickTallies.lessonId, courseWrongPickTallies.questionId, courseWrongPickTallies.optionId],
        set: { picks: sql`${courseWrongPickTallies.picks} + 1` },
      });
}

export interface QuizTallies {
  attempts: number;
  members: number;
  passed: number;
  /** By question id. */
  questions: Map<string, { answered: number; full: number }>;
  /** By question id, then option id: the attempts that picked that wrong option. */
  wrongPicks: Map<string, Map<string, number>>;
}

export async function readTallies(db: Pick<Db, 'select'>, lessonId: string): Promise<QuizTallies> {
  const [members, questions, picks] = await Promise.all([
    db
      .select({
        attempts: sql<number>`coalesce(sum(${courseQuizMembers.attempts}), 0)`.mapWith(Number),
        members: count(),
        passed: sql<number>`count(*) filter (where ${courseQuizMembers.passed})`.mapWith(Number),
      })
      .from(courseQuizMembers)
      .where(eq(courseQuizMembers.lessonId, lessonId)),
    db
      .select({ questionId: courseQuestionTallies.questionId, answered: courseQuestionTallies.answered, full: courseQuestionTallies.full })
      .from(courseQuestionTallies)
      .where(eq(courseQuestionTallies.lessonId, lessonId)),
    db
      .select({ questionId: courseWrongPickTallies.questionId, optionId: courseWrongPickTallies.optionId, picks: courseWrongPickTallies.picks })
      .from(courseWrongPickTallies)
      .where(and(eq(courseWrongPickTallies.lessonId, lessonId), sql`${courseWrongPickTallies.picks} > 0`)),
  ]);
  const wrong = new Map<string, Map<string, number>>();
  for (const pick of picks) {
    let byOption = wrong.get(pick.questionId);
    if (!byOption) wrong.set(pick.questionId, (byOption = new Map()));
    byOption.set(pick.optionId, pick.picks);
  }
  return {
    ...members[0]!,
    questions: new Map(questions.map((row) => [row.questionId, { answered: row.answered, full: row.full }])),
    wrongPicks: wrong,
  };
}

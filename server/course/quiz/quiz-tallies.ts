// The quiz insights' running totals (decision 054): a submit adds its attempt's marks to them in
// its own transaction (its own rows first, the shared tallies last: decision 059), and the
// insights read them back: a few rows per question and a count over the quiz's members, whatever
// the number of attempts. An attempt's deletion (with its member or
// its quiz) takes its marks back by database triggers (drizzle/0023, drizzle-pg/0018).
import { and, count, eq, sql } from 'drizzle-orm';
import type { Answer } from '../../../shared/quiz';
import type { Db, Tx } from '../../db/client';
import { preparedAs, preparedPerDatabase } from '../../db/prepared';
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

const p = sql.placeholder;

/** `count` rows of `row(i)`: the placeholders of a statement prepared per number of rows. */
const rowsOf = <Row>(count: string, row: (i: number) => Row): Row[] => Array.from({ length: Number(count) }, (_, i) => row(i));

// A submit's statements, prepared once per database (per transaction on PostgreSQL) and number of
// rows, and named so that PostgreSQL plans each once per connection (decision 061). The numbers
// are few: at most the questions of an attempt, or their wrong options.
const insertMarks = preparedPerDatabase((tx, count: string) =>
  preparedAs(
    tx
      .insert(courseAttemptMarks)
      .values(rowsOf(count, (i) => ({ attemptId: p('attemptId'), lessonId: p('lessonId'), questionId: p(`q${i}`), full: p(`f${i}`) }))),
    `quiz-marks-${count}`,
  ),
);

const insertPicks = preparedPerDatabase((tx, count: string) =>
  preparedAs(
    tx
      .insert(courseAttemptWrongPicks)
      .values(rowsOf(count, (i) => ({ attemptId: p('attemptId'), lessonId: p('lessonId'), questionId: p(`q${i}`), optionId: p(`o${i}`) }))),
    `quiz-picks-${count}`,
  ),
);

const addMember = preparedPerDatabase((tx) =>
  preparedAs(
    tx
      .insert(courseQuizMembers)
      .values({ lessonId: p('lessonId'), userId: p('userId'), attempts: 1, passed: p('passed') })
      .onConflictDoUpdate({
        target: [courseQuizMembers.lessonId, courseQuizMembers.userId],
        set: { attempts: sql`${courseQuizMembers.attempts} + 1`, passed: sql`${courseQuizMembers.passed} or excluded.passed` },
      }),
    'quiz-member-add',
  ),
);

const addQuestionTallies = preparedPerDatabase((tx, count: string) =>
  preparedAs(
    tx
      .insert(courseQuestionTallies)
      .values(rowsOf(count, (i) => ({ lessonId: p('lessonId'), questionId: p(`q${i}`), answered: 1, full: p(`f${i}`) })))
      .onConflictDoUpdate({
        target: [courseQuestionTallies.lessonId, courseQuestionTallies.questionId],
        set: { answered: sql`${courseQuestionTallies.answered} + excluded.answered`, full: sql`${courseQuestionTallies.full} + excluded.full` },
      }),
    `quiz-question-tallies-${count}`,
  ),
);

const addPickTallies = preparedPerDatabase((tx, count: string) =>
  preparedAs(
    tx
      .insert(courseWrongPickTallies)
      .values(rowsOf(count, (i) => ({ lessonId: p('lessonId'), questionId: p(`q${i}`), optionId: p(`o${i}`), picks: 1 })))
      .onConflictDoUpdate({
        target: [courseWrongPickTallies.lessonId, courseWrongPickTallies.questionId, courseWrongPickTallies.optionId],
        set: { picks: sql`${courseWrongPickTallies.picks} + 1` },
      }),
    `quiz-pick-tallies-${count}`,
  ),
);

/** The placeholders' values of `rows` under their names in `rowsOf`: `q0`, `f0`, `q1`… */
const numbered = <Row extends object>(rows: readonly Row[], names: { [Key in keyof Row]?: string }) =>
  Object.fromEntries(rows.flatMap((row, i) => Object.entries(names).map(([key, name]) => [`${name as string}${i}`, row[key as keyof Row]])));

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
  const attemptId = attempt.id;
  if (results.length > 0)
    await insertMarks(tx, String(results.length)).execute({ attemptId, lessonId, ...numbered(results, { questionId: 'q', correct: 'f' }) });
  if (picks.length > 0) await insertPicks(tx, String(picks.length)).execute({ attemptId, lessonId, ...numbered(picks, { questionId: 'q', optionId: 'o' }) });
  await addMember(tx, '').execute({ lessonId, userId: attempt.userId, passed: attempt.passed ?? false });
  return { lessonId, results, picks };
}

/**
 * Adds the marks to the quiz's tallies: rows every submit of the quiz writes, so its submit
 * writes them last, holding them only until its commit.
 */
export async function addToTallies(tx: Tx, { lessonId, results, picks }: Marks): Promise<void> {
  if (results.length > 0) {
    const marks = results.map((result) => ({ questionId: result.questionId, full: result.correct ? 1 : 0 }));
    await addQuestionTallies(tx, String(marks.length)).execute({ lessonId, ...numbered(marks, { questionId: 'q', full: 'f' }) });
  }
  if (picks.length > 0) await addPickTallies(tx, String(picks.length)).execute({ lessonId, ...numbered(picks, { questionId: 'q', optionId: 'o' }) });
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

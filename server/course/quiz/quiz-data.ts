// A quiz's settings and questions (CONTRACT §8 "Content", "Admin calls"): the only code that
// touches course_quizzes and course_questions. Writes run in their caller's transaction.
// Questions keep their order in `position`, counted from 0, rewritten whole by a reorder after
// checking that it names exactly the quiz's questions (as the lessons' order is).
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import { DEFAULT_QUIZ, type Question, type QuestionKind, type QuestionOption, type QuizSettings, type Taught } from '../../../shared/quiz';
import type { Db, Tx } from '../../db/client';
import { preparedAs, preparedPerDatabase } from '../../db/prepared';
import { courseQuestions, courseQuizzes } from '../../db/schema';

const settingsColumns = {
  lessonId: courseQuizzes.lessonId,
  passPercent: courseQuizzes.passPercent,
  attemptsAllowed: courseQuizzes.attemptsAllowed,
  retryAfterMinutes: courseQuizzes.retryAfterMinutes,
  questionsPerAttempt: courseQuizzes.questionsPerAttempt,
  shuffle: courseQuizzes.shuffle,
  requiredToComplete: courseQuizzes.requiredToComplete,
};

const settingsOf = ({ lessonId: _, ...settings }: { lessonId: string } & QuizSettings): QuizSettings => settings;

/** The quiz settings of each of `lessonIds` that has a row; a quiz lesson without one has DEFAULT_QUIZ. */
export async function readQuizSettings(db: Pick<Db, 'select'>, lessonIds: readonly string[]): Promise<Map<string, QuizSettings>> {
  if (lessonIds.length === 0) return new Map();
  const rows = await db
    .select(settingsColumns)
    .from(courseQuizzes)
    .where(inArray(courseQuizzes.lessonId, [...lessonIds]));
  return new Map(rows.map((row) => [row.lessonId, settingsOf(row)]));
}

// One quiz's settings, read by every start and submit (its questions, below, by every start):
// prepared and named (decision 061).
const oneQuiz = preparedPerDatabase((db) =>
  preparedAs(
    db
      .select(settingsColumns)
      .from(courseQuizzes)
      .where(eq(courseQuizzes.lessonId, sql.placeholder('lessonId'))),
    'quiz-settings',
  ),
);

export async function readQuiz(db: Db, lessonId: string): Promise<QuizSettings> {
  const [row] = await oneQuiz(db, '').execute({ lessonId });
  return row ? settingsOf(row) : DEFAULT_QUIZ;
}

/** The settings with `changes` applied, written whole (one row per quiz lesson, made at its first save). */
export async function writeQuiz(tx: Tx, lessonId: string, changes: Partial<QuizSettings>, at = Date.now()): Promise<QuizSettings> {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<QuizSettings>;
  const settings = { ...(await readQuiz(tx, lessonId)), ...defined };
  await tx
    .insert(courseQuizzes)
    .values({ lessonId, ...settings, updatedAt: at })
    .onConflictDoUpdate({ target: courseQuizzes.lessonId, set: { ...settings, updatedAt: at } });
  return settings;
}

const questionColumns = {
  id: courseQuestions.id,
  lessonId: courseQuestions.lessonId,
  position: courseQuestions.position,
  kind: courseQuestions.kind,
  prompt: courseQuestions.prompt,
  options: courseQuestions.options,
  answers: courseQuestions.answers,
  explanation: courseQuestions.explanation,
  points: courseQuestions.points,
  taughtLessonId: courseQuestions.taughtLessonId,
  taughtStart: courseQuestions.taughtStart,
  taughtEnd: courseQuestions.taughtEnd,
};

type QuestionRow = {
  id: string;
  lessonId: string;
  kind: QuestionKind;
  prompt: string;
  options: string;
  answers: string;
  explanation: string;
  points: number;
  taughtLessonId: string | null;
  taughtStart: number | null;
  taughtEnd: number | null;
};

export type StoredQuestion = Question & { lessonId: string };

function toQuestion(row: QuestionRow): StoredQuestion {
  return {
    _id: row.id,
    lessonId: row.lessonId,
    kind: row.kind,
    prompt: row.prompt,
    options: JSON.parse(row.options) as QuestionOption[],
    answers: JSON.parse(row.answers) as string[],
    explanation: row.explanation,
    points: row.points,
    // The taught lesson's deletion nulls its id (the foreign key); its seconds then mean nothing.
    taught: row.taughtLessonId === null ? null : { lessonId: row.taughtLessonId, startSeconds: row.taughtStart ?? 0, endSeconds: row.taughtEnd ?? 0 },
  };
}

/** The question without the lesson it belongs to: what the calls answer. */
export const questionAnswer = ({ lessonId: _, ...question }: StoredQuestion): Question => question;

const questionOrder = [asc(courseQuestions.position), asc(courseQuestions.id)];

const quizQuestions = preparedPerDatabase((db) =>
  preparedAs(
    db
      .select(questionColumns)
      .from(courseQuestions)
      .where(eq(courseQuestions.lessonId, sql.placeholder('lessonId')))
      .orderBy(...questionOrder),
    'quiz-questions',
  ),
);

/** The questions of one quiz, in order. */
export async function readQuizQuestions(db: Db, lessonId: string): Promise<StoredQuestion[]> {
  return (await quizQuestions(db, '').execute({ lessonId })).map((row) => toQuestion(row as QuestionRow));
}

/** The questions of each of `lessonIds`, in order. */
export async function readQuestions(db: Pick<Db, 'select'>, lessonIds: readonly string[]): Promise<Map<string, StoredQuestion[]>> {
  const byLesson = new Map<string, StoredQuestion[]>(lessonIds.map((id) => [id, []]));
  if (lessonIds.length === 0) return byLesson;
  const rows = await db
    .select(questionColumns)
    .from(courseQuestions)
    .where(inArray(courseQuestions.lessonId, [...lessonIds]))
    .orderBy(asc(courseQuestions.lessonId), ...questionOrder);
  for (const row of rows) byLesson.get(row.lessonId)!.push(toQuestion(row));
  return byLesson;
}

export async function findQuestion(db: Pick<Db, 'select'>, id: string): Promise<StoredQuestion | undefined> {
  const [row] = await db.select(questionColumns).from(courseQuestions).where(eq(courseQuestions.id, id));
  return row && toQuestion(row);
}

/** A question as the admin sends it (the input schema's output): options without ids get one. */
export interface QuestionFields {
  kind: QuestionKind;
  prompt: string;
  options: Array<{ _id?: string | undefined; text: string; correct: boolean }>;
  answers: string[];
  explanation: string;
  points: number;
  taught: Taught | null;
}

function storedFields(fields: QuestionFields) {
  return {
    kind: fields.kind,
    prompt: fields.prompt,
    // Only the list the kind uses is kept (the input schema checks that one alone).
    options: JSON.stringify(
      fields.kind === 'text' ? [] : fields.options.map((option) => ({ _id: option._id ?? randomUUID(), text: option.text, correct: option.correct })),
    ),
    answers: JSON.stringify(fields.kind === 'text' ? fields.answers : []),
    explanation: fields.explanation,
    points: fields.points,
    taughtLessonId: fields.taught?.lessonId ?? null,
    taughtStart: fields.taught?.startSeconds ?? null,
    taughtEnd: fields.taught?.endSeconds ?? null,
  };
}

/** A new question, placed last in its quiz. */
export async function createQuestion(tx: Tx, lessonId: string, fields: QuestionFields, at = Date.now()): Promise<StoredQuestion> {
  const [last] = await tx
    .select({ position: max(courseQuestions.position) })
    .from(courseQuestions)
    .where(eq(courseQuestions.lessonId, lessonId));
  const [row] = await tx
    .insert(courseQuestions)
    .values({ id: randomUUID(), lessonId, position: (last?.position ?? -1) + 1, ...storedFields(fields), createdAt: at, updatedAt: at })
    .returning(questionColumns);
  return toQuestion(row!);
}

/** Undefined: no such question. */
export async function updateQuestion(tx: Tx, id: string, fields: QuestionFields, at = Date.now()): Promise<StoredQuestion | undefined> {
  const [row] = await tx
    .update(courseQuestions)
    .set({ ...storedFields(fields), updatedAt: at })
    .where(eq(courseQuestions.id, id))
    .returning(questionColumns);
  return row && toQuestion(row);
}

/** The deleted question, its quiz's others renumbered; undefined: no such question. */
export async function deleteQuestion(tx: Tx, id: string, at = Date.now()): Promise<StoredQuestion | undefined> {
  const [row] = await tx.delete(courseQuestions).where(eq(courseQuestions.id, id)).returning(questionColumns);
  if (!row) return undefined;
  const rest = (await readQuestions(tx, [row.lessonId])).get(row.lessonId)!;
  await writePositions(
    tx,
    row.lessonId,
    rest.map((question) => question._id),
    at,
  );
  return toQuestion(row);
}

async function writePositions(tx: Tx, lessonId: string, ids: readonly string[], at: number): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await tx
      .update(courseQuestions)
      .set({ position, updatedAt: at })
      .where(and(eq(courseQuestions.id, id), eq(courseQuestions.lessonId, lessonId)));
  }
}

/** The quiz's questions in the order of `ids`; 'mismatch' unless `ids` is each of them exactly once. */
export async function reorderQuestions(tx: Tx, lessonId: string, ids: readonly string[], at = Date.now()): Promise<StoredQuestion[] | 'mismatch'> {
  const current = (await readQuestions(tx, [lessonId])).get(lessonId)!;
  const given = new Set(ids);
  if (given.size !== ids.length || ids.length !== current.length || !current.every((question) => given.has(question._id))) return 'mismatch';
  await writePositions(tx, lessonId, ids, at);
  return (await readQuestions(tx, [lessonId])).get(lessonId)!;
}

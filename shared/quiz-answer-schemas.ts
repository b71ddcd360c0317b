// What the quiz procedures answer (CONTRACT §8), as zod schemas: for the OpenAPI document and the
// compiler's check of each REST row, as answer-schemas.ts is for the rest (nothing parses with them).
import { z } from 'zod';
import { QUESTION_KINDS, type Attempt, type MemberQuiz, type Question, type QuestionResult, type QuizSettings } from './quiz';

const count = z.int().nonnegative();
const percent = z.int().min(0).max(100);
const timestamp = z.iso.datetime();

export const quizSettingsSchema = z.object({
  passPercent: percent,
  attemptsAllowed: z.int().min(1).nullable().describe('null: unlimited'),
  retryAfterMinutes: count,
  questionsPerAttempt: z.int().min(1).nullable().describe('null: every question'),
  shuffle: z.boolean(),
  requiredToComplete: z.boolean(),
}) satisfies z.ZodType<QuizSettings>;

const taughtSchema = z.object({ lessonId: z.string(), startSeconds: z.number(), endSeconds: z.number() });

export const questionSchema = z.object({
  _id: z.string(),
  kind: z.enum(QUESTION_KINDS),
  prompt: z.string().describe('Markdown'),
  options: z.array(z.object({ _id: z.string(), text: z.string(), correct: z.boolean() })),
  answers: z.array(z.string()).describe('text: the accepted answers'),
  explanation: z.string().describe('Markdown'),
  points: z.int().min(1),
  taught: taughtSchema.nullable(),
}) satisfies z.ZodType<Question>;

const answerSchema = z.union([z.object({ optionIds: z.array(z.string()) }), z.object({ text: z.string() })]);

const resultSchema = z.object({
  questionId: z.string(),
  earned: z.number().describe('Points earned: a fraction for a multiple-choice question partly right'),
  points: z.int(),
  correct: z.boolean().describe('Whether it earned its full points'),
  correctOptionIds: z.array(z.string()).optional(),
  answers: z.array(z.string()).optional(),
  explanation: z.string(),
  taught: taughtSchema.extend({ lessonTitle: z.string() }).nullable(),
}) satisfies z.ZodType<QuestionResult>;

export const attemptSchema = z.object({
  _id: z.string(),
  number: z.int().min(1),
  startedAt: timestamp,
  submittedAt: timestamp.nullable(),
  questions: z.array(
    z.object({
      _id: z.string(),
      kind: z.enum(QUESTION_KINDS),
      prompt: z.string(),
      options: z.array(z.object({ _id: z.string(), text: z.string() })),
      points: z.int(),
    }),
  ),
  answers: z.record(z.string(), answerSchema).describe('The answers given, by question _id'),
  percent: percent.nullable(),
  passed: z.boolean().nullable(),
  results: z.array(resultSchema).nullable().describe('null until submitted'),
}) satisfies z.ZodType<Attempt>;

export const memberQuizSchema = z.object({
  passPercent: percent,
  attemptsAllowed: z.int().min(1).nullable(),
  attemptsUsed: count,
  retryAt: timestamp.nullable().describe('When the next attempt may start, while a wait applies; else null'),
  best: z.object({ percent, passed: z.boolean() }).nullable(),
  open: attemptSchema.nullable().describe('The attempt started and not submitted'),
}) satisfies z.ZodType<MemberQuiz>;

export const attemptAnswer = z.object({ attempt: attemptSchema });
export const savedAnswer = z.object({ saved: z.literal(true) });
export const questionAnswer = z.object({ question: questionSchema });
export const questionsAnswer = z.object({ questions: z.array(questionSchema) });

export const quizInsightsSchema = z.object({
  attempts: count.describe('Submitted attempts'),
  members: count.describe('Members with a submitted attempt'),
  passed: count.describe('Members with a passing attempt'),
  questions: z.array(
    z.object({
      _id: z.string(),
      answered: count.describe('Submitted attempts that held the question'),
      correctPercent: percent.describe('The floor of the percent of those that earned its full points'),
      commonWrongOptionId: z.string().nullable().describe('The wrong option picked most; null when none was'),
    }),
  ),
});

// Input schemas of the quiz procedures (CONTRACT §8). A question is checked whole here, so that
// every refusal names its field: a single-choice question with two right options is a 400 that
// says so, before the server reads anything.
import { z } from 'zod';
import { PROGRESS_SECONDS_MAX } from './course';
import { QUESTION_KINDS, QUIZ_LIMITS } from './quiz';
import { multiLineText, plainText } from './text';

const id = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .check(plainText(field))
    .min(1, `${field} is required`)
    .max(100, `${field} is too long`);

const whole = (field: string, { min, max }: { min: number; max: number }) => {
  const message = `${field} must be a whole number from ${min} to ${max}`;
  return z.int({ error: message }).min(min, message).max(max, message);
};

const flag = (field: string) => z.boolean({ error: `${field} must be true or false` });

/** The quiz settings of PUT /api/admin/course/lessons/{id}: any of them; the others stay as they are. */
export const quizSettingsInput = z
  .object({
    passPercent: whole('quiz.passPercent', QUIZ_LIMITS.passPercent).optional(),
    attemptsAllowed: whole('quiz.attemptsAllowed', QUIZ_LIMITS.attemptsAllowed).nullable().optional().meta({ description: 'null: unlimited' }),
    retryAfterMinutes: whole('quiz.retryAfterMinutes', QUIZ_LIMITS.retryAfterMinutes).optional(),
    questionsPerAttempt: whole('quiz.questionsPerAttempt', QUIZ_LIMITS.questionsPerAttempt).nullable().optional().meta({ description: 'null: every question' }),
    shuffle: flag('quiz.shuffle').optional().meta({ description: 'Whether each attempt orders its questions and their options anew' }),
    requiredToComplete: flag('quiz.requiredToComplete')
      .optional()
      .meta({ description: 'true: only a pass completes the lesson; false: any submitted attempt does' }),
  })
  .strict();

const markdown = (field: string, required: boolean) => {
  const text = z
    .string({ error: `${field} must be text` })
    .trim()
    .check(multiLineText(field))
    .max(QUIZ_LIMITS.markdown, `${field} must be at most ${QUIZ_LIMITS.markdown} characters`);
  return (required ? text.min(1, `${field} is required`) : text).meta({ description: 'Markdown' });
};

const optionInput = z.object({
  _id: id('options._id').optional().meta({ description: "Kept when given (an edit keeps its options' ids); else the server makes one" }),
  text: z
    .string({ error: 'options.text is required' })
    .trim()
    .check(plainText('options.text'))
    .min(1, 'options.text is required')
    .max(QUIZ_LIMITS.optionText, `options.text must be at most ${QUIZ_LIMITS.optionText} characters`),
  correct: flag('options.correct'),
});

const acceptedAnswer = z
  .string({ error: 'answers must be texts' })
  .trim()
  .check(plainText('answers'))
  .min(1, 'answers must not hold an empty text')
  .max(QUIZ_LIMITS.answerText, `answers must be at most ${QUIZ_LIMITS.answerText} characters each`);

const seconds = (field: string) => {
  const message = `${field} must be a number of seconds from 0 to ${PROGRESS_SECONDS_MAX}`;
  return z.number({ error: message }).min(0, message).max(PROGRESS_SECONDS_MAX, message);
};

const taughtInput = z
  .object({ lessonId: id('taught.lessonId'), startSeconds: seconds('taught.startSeconds'), endSeconds: seconds('taught.endSeconds') })
  .refine((taught) => taught.endSeconds > taught.startSeconds, { error: 'taught.endSeconds must be after taught.startSeconds', path: ['endSeconds'] })
  .nullable()
  .meta({ description: 'The moment of a video or audio lesson that teaches the answer, or null' });

/** A question without its _id (CONTRACT §8 "Content"). */
const questionShape = z.object({
  kind: z.enum(QUESTION_KINDS, { error: `kind must be one of ${QUESTION_KINDS.join(', ')}` }),
  prompt: markdown('prompt', true),
  options: z
    .array(optionInput, { error: 'options must be a list' })
    .max(QUIZ_LIMITS.options.max, `options must be at most ${QUIZ_LIMITS.options.max}`)
    .default([]),
  answers: z
    .array(acceptedAnswer, { error: 'answers must be a list of texts' })
    .max(QUIZ_LIMITS.answers.max, `answers must be at most ${QUIZ_LIMITS.answers.max}`)
    .default([]),
  explanation: markdown('explanation', false).default(''),
  points: whole('points', QUIZ_LIMITS.points).default(1),
  taught: taughtInput.default(null),
});

/**
 * The rules of a question as a whole, each refusal naming its field. The list a kind does not use
 * (a text question's options, a choice question's accepted answers) is not checked: the editor
 * keeps both while the admin switches kinds, and the server stores only the one that counts.
 */
function checkQuestion(question: z.output<typeof questionShape>, check: z.RefinementCtx): void {
  const refuse = (path: string, message: string) => check.addIssue({ code: 'custom', path: [path], message });
  if (question.kind === 'text') {
    if (question.answers.length < QUIZ_LIMITS.answers.min) refuse('answers', 'answers: a text question needs at least one accepted answer');
    return;
  }
  if (question.options.length < QUIZ_LIMITS.options.min)
    refuse('options', `options: a ${question.kind}-choice question needs at least ${QUIZ_LIMITS.options.min} options`);
  const right = question.options.filter((option) => option.correct).length;
  if (question.kind === 'single' && right !== 1) refuse('options', 'options: a single-choice question has exactly one right option');
  if (question.kind === 'multiple' && right < 1) refuse('options', 'options: a multiple-choice question needs at least one right option');
  const ids = question.options.flatMap((option) => (option._id === undefined ? [] : [option._id]));
  if (new Set(ids).size !== ids.length) refuse('options', 'options: each option _id must be different');
}

export const questionFields = questionShape.superRefine(checkQuestion);
export const questionCreateInput = questionShape.extend({ id: id('id').meta({ description: "The quiz lesson's id" }) }).superRefine(checkQuestion);
export const questionUpdateInput = questionShape.extend({ id: id('id').meta({ description: "The question's id" }) }).superRefine(checkQuestion);
export const questionIdInput = z.object({ id: id('id') });

export const questionOrderInput = z.object({
  id: id('id'),
  ids: z
    .array(id('Each id'), { error: 'ids must be a list of ids' })
    .max(QUIZ_LIMITS.questions, 'ids is too long')
    .meta({ description: "Every one of the quiz's question ids, each once, in the new order" }),
});

export const attemptIdInput = z.object({ id: id('id') });

/** An answer to one question: the options picked, or the text typed. */
const answerFields = {
  questionId: id('questionId'),
  optionIds: z
    .array(id('optionIds'), { error: 'optionIds must be a list of option ids' })
    .max(QUIZ_LIMITS.options.max, `optionIds must be at most ${QUIZ_LIMITS.options.max}`)
    .optional(),
  text: z
    .string({ error: 'text must be text' })
    .check(plainText('text'))
    .max(QUIZ_LIMITS.answerText, `text must be at most ${QUIZ_LIMITS.answerText} characters`)
    .optional(),
};
const eitherOptionsOrText = (input: { optionIds?: unknown; text?: unknown }) => (input.optionIds === undefined) !== (input.text === undefined);
const EITHER = { error: 'Send either optionIds or text' };

/** PUT /api/course/attempts/{id}/answers/{questionId}. */
export const answerSaveInput = z.object({ id: id('id'), ...answerFields }).refine(eitherOptionsOrText, EITHER);

/** The admin's preview of a quiz, scored as a member's attempt would be and kept nowhere: the questions it showed, in order, and the answers given. */
export const previewScoreInput = z.object({
  id: id('id').meta({ description: "The quiz lesson's id" }),
  questionIds: z
    .array(id('questionIds'), { error: 'questionIds must be a list of question ids' })
    .min(1, 'questionIds must name the questions shown')
    .max(QUIZ_LIMITS.questions, 'questionIds is too long')
    .refine((ids) => new Set(ids).size === ids.length, { error: 'questionIds must name each question once' }),
  answers: z
    .array(z.object(answerFields).refine(eitherOptionsOrText, EITHER), { error: 'answers must be a list' })
    .max(QUIZ_LIMITS.questions, 'answers is too long'),
});

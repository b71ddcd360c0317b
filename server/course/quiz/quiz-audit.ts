// What the audit trail says about a change to a quiz (CONTRACT §8 "Admin calls", `course.quiz.*`).
import type { Question, QuizSettings } from '../../../shared/quiz';
import { changesSummary, count, quoted } from '../../audit/summary';

const unlimited = (value: number | null, unit: string) => (value === null ? `unlimited ${unit}` : String(value));

/** "“Check-in”: changed pass mark 80% → 70%, attempts unlimited → 3" */
export const quizUpdatedSummary = (lessonTitle: string, before: QuizSettings, after: QuizSettings) =>
  `${quoted(lessonTitle)}: ${changesSummary([
    { label: 'pass mark', before: `${before.passPercent}%`, after: `${after.passPercent}%` },
    { label: 'attempts', before: unlimited(before.attemptsAllowed, 'attempts'), after: unlimited(after.attemptsAllowed, 'attempts') },
    { label: 'wait', before: `${before.retryAfterMinutes} min`, after: `${after.retryAfterMinutes} min` },
    { label: 'questions per attempt', before: unlimited(before.questionsPerAttempt, 'questions'), after: unlimited(after.questionsPerAttempt, 'questions') },
    { label: 'shuffle', before: before.shuffle ? 'yes' : 'no', after: after.shuffle ? 'yes' : 'no' },
    { label: 'required', before: before.requiredToComplete ? 'yes' : 'no', after: after.requiredToComplete ? 'yes' : 'no' },
  ])}`;

/** The prompt's first line, shortened: enough to find the question again. */
const promptWords = (question: Pick<Question, 'prompt'>) => {
  const line = question.prompt.split('\n')[0]!;
  return quoted(line.length > 60 ? `${line.slice(0, 59)}…` : line);
};

const KIND_WORDS: Record<Question['kind'], string> = { single: 'single-choice', multiple: 'multiple-choice', text: 'text' };

export const questionCreatedSummary = (lessonTitle: string, question: Question) =>
  `${quoted(lessonTitle)}: added ${KIND_WORDS[question.kind]} question ${promptWords(question)} (${count(question.points, 'point')})`;

export const questionUpdatedSummary = (lessonTitle: string, question: Question) => `${quoted(lessonTitle)}: edited question ${promptWords(question)}`;

export const questionDeletedSummary = (lessonTitle: string, question: Question) => `${quoted(lessonTitle)}: deleted question ${promptWords(question)}`;

export const questionsReorderedSummary = (lessonTitle: string, questions: readonly Question[]) =>
  `${quoted(lessonTitle)}: reordered ${count(questions.length, 'question')}`;

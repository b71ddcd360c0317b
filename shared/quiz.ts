// Quizzes (CONTRACT §8): the words, limits and shapes the server and the client share.

export const QUESTION_KINDS = ['single', 'multiple', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUIZ_LIMITS = {
  passPercent: { min: 0, max: 100, default: 80 },
  attemptsAllowed: { min: 1, max: 100 },
  retryAfterMinutes: { min: 0, max: 10_080, default: 0 },
  questionsPerAttempt: { min: 1, max: 1000 },
  markdown: 2000,
  options: { min: 2, max: 10 },
  optionText: 500,
  answers: { min: 1, max: 10 },
  answerText: 500,
  points: { min: 1, max: 10 },
  /** The questions one quiz holds. */
  questions: 1000,
} as const;

export interface QuizSettings {
  passPercent: number;
  /** null: unlimited. */
  attemptsAllowed: number | null;
  retryAfterMinutes: number;
  /** null: every question. */
  questionsPerAttempt: number | null;
  shuffle: boolean;
  requiredToComplete: boolean;
}

export const DEFAULT_QUIZ: QuizSettings = {
  passPercent: QUIZ_LIMITS.passPercent.default,
  attemptsAllowed: null,
  retryAfterMinutes: QUIZ_LIMITS.retryAfterMinutes.default,
  questionsPerAttempt: null,
  shuffle: false,
  requiredToComplete: true,
};

/** The moment of a video or audio lesson that teaches a question's answer. */
export interface Taught {
  lessonId: string;
  startSeconds: number;
  endSeconds: number;
}

export interface QuestionOption {
  _id: string;
  text: string;
  correct: boolean;
}

/** A question as the admin writes it: right answers included. Never sent to a member before a submit. */
export interface Question {
  _id: string;
  kind: QuestionKind;
  prompt: string;
  options: QuestionOption[];
  answers: string[];
  explanation: string;
  points: number;
  taught: Taught | null;
}

/** A member's answer to one question. */
export type Answer = { optionIds: string[] } | { text: string };

/** A question as a member sees it during an attempt: nothing in it says what is right. */
export interface AttemptQuestion {
  _id: string;
  kind: QuestionKind;
  prompt: string;
  options: Array<{ _id: string; text: string }>;
  points: number;
}

/** One question's result, once the attempt is submitted. */
export interface QuestionResult {
  questionId: string;
  earned: number;
  points: number;
  /** Whether it earned its full points. */
  correct: boolean;
  /** single and multiple: the right options. */
  correctOptionIds?: string[];
  /** text: the accepted answers. */
  answers?: string[];
  explanation: string;
  /** The moment that teaches it, with its lesson's title; null without one (or once that lesson is gone). */
  taught: (Taught & { lessonTitle: string }) | null;
}

export interface Attempt {
  _id: string;
  number: number;
  startedAt: string;
  submittedAt: string | null;
  questions: AttemptQuestion[];
  answers: Record<string, Answer>;
  percent: number | null;
  passed: boolean | null;
  results: QuestionResult[] | null;
}

/** What a quiz lesson's answer adds for its member. */
export interface MemberQuiz {
  passPercent: number;
  attemptsAllowed: number | null;
  attemptsUsed: number;
  /** When the member may start the next attempt, if a wait applies now; else null. */
  retryAt: string | null;
  best: { percent: number; passed: boolean } | null;
  open: Attempt | null;
}

export const QUIZ_MESSAGES = {
  noAttemptsLeft: 'No attempts left',
  passToComplete: 'Pass the quiz to complete it',
  /** `completed: false` on a quiz: its completion follows its attempts. */
  completionFollowsAttempts: 'A quiz is complete once passed, and stays so',
  noQuestions: 'This quiz has no questions yet',
  submitted: 'This attempt is already submitted',
  noSuchQuestionInAttempt: (id: string) => `questionId: no question with id '${id}' in this attempt`,
  /** `wait` in words: "25 minutes". */
  tryAgainIn: (wait: string) => `You can try again in ${wait}`,
  questionDeleted: 'Question deleted',
  notAQuiz: 'This lesson is not a quiz',
  /** A preview scored after a question it showed was deleted. */
  previewOutdated: 'A question of this preview was deleted meanwhile: start the preview again',
} as const;

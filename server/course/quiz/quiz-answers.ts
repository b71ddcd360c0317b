// What the member's quiz calls answer (CONTRACT §8): built from the stored rows so that nothing
// sent before a submit says which option or text is right. The attempt's snapshot keeps the right
// answers on the server; `attemptAnswer` leaves them out until `results` may show them.
import { randomInt } from 'node:crypto';
import type { Answer, Attempt, MemberQuiz, Question, QuizSettings } from '../../../shared/quiz';
import { isoTime, isoTimeOrNull } from '../../lib/iso-time';
import type { CourseTree } from '../content/content-data';
import type { Db } from '../../db/client';
import { memberAttempts, readAnswers, type AttemptRow, type AttemptsSummary } from './attempt-data';

/** The questions of a new attempt: all or `questionsPerAttempt` of them, in order or shuffled with their options. */
export function questionsForAttempt(questions: readonly Question[], settings: QuizSettings): Question[] {
  const count = Math.min(questions.length, settings.questionsPerAttempt ?? questions.length);
  if (!settings.shuffle && count === questions.length) return [...questions];
  // A partial Fisher–Yates: the first `count` places get a uniform random pick of the questions.
  const pool = [...questions];
  for (let i = 0; i < count; i++) {
    const j = i + randomInt(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const chosen = pool.slice(0, count);
  // Without shuffle, a subset keeps the quiz's order.
  if (!settings.shuffle) return questions.filter((question) => chosen.includes(question));
  return chosen.map((question) => ({ ...question, options: shuffled(question.options) }));
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** The published lessons' titles, by id: what a result's taught moment links to. */
export function lessonTitles(tree: CourseTree): Map<string, string> {
  return new Map(
    tree.modules
      .filter((module) => module.published)
      .flatMap((module) => module.lessons.filter((lesson) => lesson.published).map((lesson) => [lesson._id, lesson.title] as const)),
  );
}

export function attemptAnswer(attempt: AttemptRow, answers: Record<string, Answer>, titles: ReadonlyMap<string, string>): Attempt {
  return {
    _id: attempt.id,
    number: attempt.number,
    startedAt: isoTime(attempt.startedAt),
    submittedAt: isoTimeOrNull(attempt.submittedAt),
    questions: attempt.questions.map((question) => ({
      _id: question._id,
      kind: question.kind,
      prompt: question.prompt,
      // Listed by hand: an option's `correct` never leaves the server here.
      options: question.options.map((option) => ({ _id: option._id, text: option.text })),
      points: question.points,
    })),
    answers,
    percent: attempt.percent,
    passed: attempt.passed,
    results:
      attempt.results?.map((result) => {
        const lessonTitle = result.taught && titles.get(result.taught.lessonId);
        return { ...result, taught: result.taught && lessonTitle ? { ...result.taught, lessonTitle } : null };
      }) ?? null,
  };
}

/** When the member may start again, if a wait applies now: after a submit, with attempts left and none open. */
export function retryAt(settings: QuizSettings, summary: AttemptsSummary, hasOpen: boolean, now: number): number | null {
  if (hasOpen || summary.lastSubmittedAt === null || settings.retryAfterMinutes === 0) return null;
  if (settings.attemptsAllowed !== null && summary.used >= settings.attemptsAllowed) return null;
  const at = summary.lastSubmittedAt + settings.retryAfterMinutes * 60_000;
  return at > now ? at : null;
}

export function memberQuizAnswer(settings: QuizSettings, summary: AttemptsSummary, open: Attempt | null, now: number): MemberQuiz {
  return {
    passPercent: settings.passPercent,
    attemptsAllowed: settings.attemptsAllowed,
    attemptsUsed: summary.used,
    retryAt: isoTimeOrNull(retryAt(settings, summary, open !== null, now)),
    best: summary.best,
    open,
  };
}

/** The member's attempts for their data export (CONTRACT §5): each with its quiz lesson's id, right answers only once submitted. */
export async function exportedAttempts(db: Db, userId: string, titles: ReadonlyMap<string, string>): Promise<Array<Attempt & { lessonId: string }>> {
  const attempts = await memberAttempts(db, userId);
  return Promise.all(attempts.map(async (attempt) => ({ lessonId: attempt.lessonId, ...attemptAnswer(attempt, await readAnswers(db, attempt.id), titles) })));
}

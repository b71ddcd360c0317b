// Issue 35's quiz figures, on SQLite and PostgreSQL (`npm run bench -- quiz`):
// - 2,000 Architects each taking a ten-question quiz over 60 s through the real routes (kept-alive
//   HTTP): a start, ten answer saves half a second apart on average, a submit; each member beginning
//   at a moment of the first 50 s. The saves' and the submits' times from request to the answer's
//   end, and the errors; and first two floors: the same members on the same schedule asking
//   GET /healthz, then an attempt that does not exist (a save's reads without its write). The
//   members run in a process of their own (quiz-takers.ts, decisions 062 and 064).
// - GET /api/admin/course/lessons/{id}/quiz-insights over a second quiz holding 100,000 submitted
//   attempts (50 by each member, ten answers each), sequentially: read from the running totals.
// Both sites answer the same data: the SQLite file is seeded, then copied into PostgreSQL (db:copy).
// It prints figures and asserts nothing.
import { fork } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Question } from '../../shared/quiz';
import { createLesson, readCourseTree } from '../../server/course/content/content-data';
import { createQuestion, writeQuiz } from '../../server/course/quiz/quiz-data';
import { wrongPicks } from '../../server/course/quiz/quiz-tallies';
import { scoredAttempt } from '../../server/course/quiz/scoring';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { transaction } from '../../server/db/transaction';
import { PendingEvents } from '../../server/events/after-commit';
import type { PostgresServer } from '../postgres-server';
import { benchAdminHeaders } from './bench-admin';
import { MEMBER_PASSWORD, seedMembers } from './course-seed';
import { signInMembers, siteFile, sitesOver } from './course-sites';
import { tempDataDir } from '../server-process';
import { keepAliveGet } from './keep-alive-get';
import { listenOverflows } from './listen-overflows';
import { fmt, median, percentile } from './stats';
import { answerTo, type TakersJob, type TakersTimes } from './quiz-takers';

const MEMBERS = 2_000;
const QUESTIONS = 10;
const ATTEMPTS_EACH = 50;
const INSIGHTS_SAMPLES = 50;

interface Seeded {
  quizId: string;
  insightsQuizId: string;
  questions: Question[];
  emails: string[];
}

/** A quiz of ten questions (single, multiple and text in turn) in the first module, through the quiz room's own functions. */
async function seedQuiz(db: Parameters<typeof transaction>[0], title: string): Promise<{ id: string; questions: Question[] }> {
  const tree = await readCourseTree(db);
  return transaction(db, async (tx) => {
    const lesson = await createLesson(tx, new PendingEvents(), { moduleId: tree.modules[0]!._id, title, kind: 'quiz', published: true });
    if (lesson === 'no-module') throw new Error('the first module is gone');
    await writeQuiz(tx, lesson._id, { passPercent: 70 });
    const questions: Question[] = [];
    for (let n = 0; n < QUESTIONS; n++) {
      const kind = (['single', 'multiple', 'text'] as const)[n % 3]!;
      const options =
        kind === 'text' ? [] : ['Observer', 'Wave', 'Field', 'Breath'].map((text, i) => ({ text, correct: i === 0 || (kind === 'multiple' && i === 2) }));
      const { lessonId: _, ...question } = await createQuestion(tx, lesson._id, {
        kind,
        prompt: `Question ${n + 1}`,
        options,
        answers: kind === 'text' ? ['attention'] : [],
        explanation: 'Because.',
        points: 1 + (n % 3),
        taught: null,
      });
      questions.push(question);
    }
    return { id: lesson._id, questions };
  });
}

/**
 * 100,000 submitted attempts at the insights quiz, written straight into the SQLite file with their
 * answers, results, marks and the running totals a submit keeps (server/course/quiz/quiz-tallies.ts).
 */
function seedAttempts(handle: ReturnType<typeof openDatabase>, quizId: string, questions: Question[], userIds: string[]) {
  const sqlite = handle.sqlite;
  const attempt = sqlite.prepare(
    'insert into course_attempts (id, user_id, lesson_id, number, started_at, submitted_at, questions, percent, passed, results) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const answer = sqlite.prepare('insert into course_attempt_answers (attempt_id, question_id, answer, updated_at) values (?, ?, ?, ?)');
  const mark = sqlite.prepare('insert into course_attempt_marks (attempt_id, lesson_id, question_id, full) values (?, ?, ?, ?)');
  const pick = sqlite.prepare('insert into course_attempt_wrong_picks (attempt_id, lesson_id, question_id, option_id) values (?, ?, ?, ?)');
  const questionTally = sqlite.prepare('insert into course_question_tallies (lesson_id, question_id, answered, full) values (?, ?, ?, ?)');
  const pickTally = sqlite.prepare('insert into course_wrong_pick_tallies (lesson_id, question_id, option_id, picks) values (?, ?, ?, ?)');
  const member = sqlite.prepare('insert into course_quiz_members (lesson_id, user_id, attempts, passed) values (?, ?, ?, ?)');
  const snapshot = JSON.stringify(questions);
  const now = Date.now();
  const tallies = new Map(questions.map((question) => [question._id, { answered: 0, full: 0 }]));
  const picks = new Map<string, { questionId: string; optionId: string; picks: number }>();
  sqlite.transaction(() => {
    for (const [u, userId] of userIds.entries()) {
      let passedOnce = false;
      for (let number = 1; number <= ATTEMPTS_EACH; number++) {
        const id = randomUUID();
        const answers = Object.fromEntries(questions.map((question) => [question._id, answerTo(question, u + number)]));
        const { percent, passed, results } = scoredAttempt(questions, answers, 70);
        passedOnce ||= passed;
        const at = now - (ATTEMPTS_EACH - number) * 60_000;
        attempt.run(id, userId, quizId, number, at - 30_000, at, snapshot, percent, passed ? 1 : 0, JSON.stringify(results));
        for (const question of questions) answer.run(id, question._id, JSON.stringify(answers[question._id]), at);
        for (const result of results) {
          mark.run(id, quizId, result.questionId, result.correct ? 1 : 0);
          const tally = tallies.get(result.questionId)!;
          tally.answered += 1;
          if (result.correct) tally.full += 1;
        }
        for (const wrong of wrongPicks(results, answers)) {
          pick.run(id, quizId, wrong.questionId, wrong.optionId);
          const key = `${wrong.questionId} ${wrong.optionId}`;
          const tally = picks.get(key) ?? { ...wrong, picks: 0 };
          tally.picks += 1;
          picks.set(key, tally);
        }
      }
      member.run(quizId, userId, ATTEMPTS_EACH, passedOnce ? 1 : 0);
    }
    for (const [questionId, tally] of tallies) questionTally.run(quizId, questionId, tally.answered, tally.full);
    for (const tally of picks.values()) pickTally.run(quizId, tally.questionId, tally.optionId, tally.picks);
  })();
}

async function seedSite(dataDir: string): Promise<Seeded> {
  const handle = openDatabase(siteFile(dataDir));
  const emails = await seedMembers(handle.db, MEMBERS);
  const taken = await seedQuiz(handle.db, 'Check-in');
  const insights = await seedQuiz(handle.db, 'Check-in with history');
  const userIds = handle.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'user'))
    .orderBy(sql`rowid`)
    .all()
    .map((row) => row.id);
  const started = performance.now();
  seedAttempts(handle, insights.id, insights.questions, userIds);
  console.log(`seeded ${(userIds.length * ATTEMPTS_EACH).toLocaleString('en')} submitted attempts in ${fmt((performance.now() - started) / 1000)} s`);
  handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  handle.close();
  return { quizId: taken.id, insightsQuizId: insights.id, questions: taken.questions, emails: emails.slice(0, MEMBERS) };
}

/** The members' run, in a process of their own that holds nothing but them (quiz-takers-process.ts). */
function takersInOwnProcess(job: TakersJob): Promise<TakersTimes> {
  const child = fork(new URL('./bench-quiz-takers.js', import.meta.url));
  return new Promise((resolve, reject) => {
    child.once('message', (times) => resolve(times as TakersTimes));
    child.once('exit', (code) => reject(new Error(`the quiz takers' process ended (exit code ${code}) before it answered`)));
    child.send(job);
  });
}

async function membersTakingTheQuiz(job: TakersJob) {
  const overflowsBefore = listenOverflows();
  const { floor, databaseFloor, saves, submits, failures } = await takersInOwnProcess(job);
  const overflowsAfter = listenOverflows();
  const errors = failures.reduce((sum, [, n]) => sum + n, 0);
  const line = (label: string, times: number[]) =>
    `${label} ${times.length}: p50 ${fmt(median(times), 2)} ms, p95 ${fmt(percentile(times, 95), 2)} ms, p99 ${fmt(percentile(times, 99), 2)} ms, max ${fmt(Math.max(...times), 1)} ms`;
  const overflows = overflowsBefore === null || overflowsAfter === null ? 'unknown' : String(overflowsAfter - overflowsBefore);
  console.log(`  ${line('floor: GET /healthz on the same schedule', floor)}`);
  console.log(`  ${line("database floor: an attempt that does not exist (the session's read, a read by key, 404)", databaseFloor)}`);
  console.log(`  ${line('answer saves', saves)}; ${line('submits', submits)}; errors ${errors}; accept-queue overflows ${overflows}`);
  for (const [what, n] of failures) console.log(`    ${n} × ${what}`);
}

async function insightsReads(serverUrl: string, quizId: string) {
  const admin = await benchAdminHeaders(serverUrl);
  const url = `${serverUrl}/api/admin/course/lessons/${quizId}/quiz-insights`;
  const get = keepAliveGet();
  try {
    const first = JSON.parse((await get(url, admin)).toString()) as { attempts: number; members: number; passed: number };
    const times: number[] = [];
    for (let i = 0; i < INSIGHTS_SAMPLES; i++) {
      const started = performance.now();
      await get(url, admin);
      times.push(performance.now() - started);
    }
    console.log(
      `  quiz insights over ${first.attempts.toLocaleString('en')} attempts (${first.members} members, ${first.passed} passed): ` +
        `p50 ${fmt(median(times), 1)} ms, p95 ${fmt(percentile(times, 95), 1)} ms over ${INSIGHTS_SAMPLES} requests`,
    );
  } finally {
    get.close();
  }
}

export async function benchQuiz(postgres: PostgresServer) {
  console.log(
    `\n## Quizzes: ${MEMBERS.toLocaleString('en')} Architects each answering ${QUESTIONS} questions and submitting within 60 s; insights over ` +
      `${(MEMBERS * ATTEMPTS_EACH).toLocaleString('en')} attempts (goals: saves p99 <= 10 ms, submits p99 <= 20 ms, 0 errors; insights p95 <= 50 ms)`,
  );
  // Seeded afresh each run (not kept by BENCH_KEEP): the attempts are the figure's own.
  const dataDir = tempDataDir();
  const filesRoot = path.join(dataDir, 'course-files');
  mkdirSync(filesRoot, { recursive: true });
  try {
    const seeded = await seedSite(dataDir);
    const { sites } = await sitesOver(dataDir, filesRoot, postgres, `quiz_${Date.now()}`);
    for (const site of sites) {
      const server = await site.start();
      try {
        const members = await signInMembers(server.url, seeded.emails, MEMBER_PASSWORD);
        console.log(`${site.label}:`);
        await membersTakingTheQuiz({ serverUrl: server.url, members, quizId: seeded.quizId, questions: seeded.questions });
        await insightsReads(server.url, seeded.insightsQuizId);
      } finally {
        await server.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

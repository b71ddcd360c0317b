// The members of the quiz bench (scripts/bench/quiz.ts): each on their own kept-alive connection, a
// start, ten answer saves and a submit. Before them, the same members on the same schedule ask for
// two floors: GET /healthz, what this machine, this client and the server's HTTP layer take under
// the very same pattern of requests (decision 062); then an attempt that does not exist: a save's
// two round trips to the database with a read where the save writes (the session's read, a read
// by key, a 404; decision 064). They run in a process of their own (quiz-takers-process.ts) that
// holds nothing else, as the members' browsers do.
//
// The schedule is drawn at random, the same every run: each member begins at a moment of the first
// 50 s, and thinks between 250 and 750 ms (half a second on average) before each answer. Members on
// a grid (one beginning every 25 ms, answering every 500 ms) sent ten requests in the same
// millisecond every 25 ms, a burst no crowd of people makes, and the tenth waited for the nine.
import http from 'node:http';
import type { Question } from '../../shared/quiz';
import { seededRandom } from './stats';
import { sleepUntil, timedRequest, type TimedAnswer } from './timed-request';

const SPREAD_MS = 50_000;
const THINK_MS = { least: 250, most: 750 };
// The database floor's attempt: a well-formed id that no attempt has.
const NO_ATTEMPT = '00000000-0000-4000-8000-000000000000';

export interface TakersJob {
  serverUrl: string;
  members: ReadonlyArray<{ authorization: string }>;
  quizId: string;
  questions: Question[];
}

/** Every request's time from sending to the answer's end, in ms, and the refusals counted by what they said. */
export interface TakersTimes {
  floor: number[];
  databaseFloor: number[];
  saves: number[];
  submits: number[];
  failures: Array<[string, number]>;
}

/** What a member answers to `question`: right for most, wrong now and then. */
export function answerTo(question: Question, member: number): { optionIds: string[] } | { text: string } {
  const right = (member + question.points) % 4 !== 0;
  if (question.kind === 'text') return { text: right ? 'Attention' : 'noise' };
  const options = question.options.filter((option) => option.correct === right);
  return { optionIds: (question.kind === 'single' ? options.slice(0, 1) : options).map((option) => option._id) };
}

/** Each member's moments, in ms from the run's start: when they begin, then when they send each of `steps` answers. */
function schedule(members: number, steps: number): number[][] {
  const next = seededRandom(35);
  return Array.from({ length: members }, () => {
    const moments = [next() * SPREAD_MS];
    for (let n = 0; n < steps; n++) moments.push(moments.at(-1)! + THINK_MS.least + next() * (THINK_MS.most - THINK_MS.least));
    return moments;
  });
}

export async function takeTheQuiz(job: TakersJob): Promise<TakersTimes> {
  const { serverUrl, members, quizId, questions } = job;
  // Each member's own kept-alive connection, as their browser holds one: a pool shared by all
  // would open a burst of new connections whenever the answers slow down, overflowing the
  // server's accept queue, and the dropped handshakes' retries (1, 3, 7… s) would be the tail.
  const agents = members.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const times: TakersTimes = { floor: [], databaseFloor: [], saves: [], submits: [], failures: [] };
  const failures = new Map<string, number>();
  const failed = (what: string, answer: TimedAnswer) => {
    const key = `${what}: ${answer.status} ${answer.body.slice(0, 120)}`;
    failures.set(key, (failures.get(key) ?? 0) + 1);
  };

  const moments = schedule(members.length, questions.length);
  /** Each member asks `path` at the moments of their ten answers; `expected` is the status it answers. */
  const floorOf = async (what: string, path: string, expected: number, into: number[]) => {
    const floorStart = performance.now() + 100;
    await Promise.all(
      members.map(async (auth, m) => {
        for (let n = 1; n <= questions.length; n++) {
          await sleepUntil(floorStart + moments[m]![n]!);
          const answer = await timedRequest(agents[m]!, `${serverUrl}${path}`, 'GET', auth);
          into.push(answer.ms);
          if (answer.status !== expected) failed(what, answer);
        }
      }),
    );
  };
  await floorOf('floor', '/healthz', 200, times.floor);
  await floorOf('database floor', `/api/course/attempts/${NO_ATTEMPT}`, 404, times.databaseFloor);

  const start = performance.now() + 100;
  await Promise.all(
    members.map(async (auth, m) => {
      const agent = agents[m]!;
      const json = { ...auth, 'content-type': 'application/json' };
      await sleepUntil(start + moments[m]![0]!);
      const started = await timedRequest(agent, `${serverUrl}/api/course/lessons/${quizId}/attempts`, 'POST', json, '{}');
      if (started.status !== 201) return failed('start', started);
      const attempt = (JSON.parse(started.body) as { attempt: { _id: string } }).attempt;
      for (const [n, question] of questions.entries()) {
        await sleepUntil(start + moments[m]![n + 1]!);
        const saved = await timedRequest(
          agent,
          `${serverUrl}/api/course/attempts/${attempt._id}/answers/${question._id}`,
          'PUT',
          json,
          JSON.stringify(answerTo(question, m)),
        );
        times.saves.push(saved.ms);
        if (saved.status !== 200) failed('save', saved);
      }
      const submitted = await timedRequest(agent, `${serverUrl}/api/course/attempts/${attempt._id}/submit`, 'POST', json, '{}');
      times.submits.push(submitted.ms);
      if (submitted.status !== 200) failed('submit', submitted);
    }),
  );
  for (const agent of agents) agent.destroy();
  times.failures = [...failures];
  return times;
}

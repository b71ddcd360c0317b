// The live stream figure (issue 36): 500 members each hold the lesson's event stream
// (GET /api/course/lessons/{id}/comments/events with their bearer token, read as a fetch stream
// reads it: the raw text/event-stream over one HTTP response), spread over the site's processes;
// an admin posts 20 comments a second through the first process; each post's delay is from just
// before its POST to the `comment` event carrying its id at each reader.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ServerProcess } from '../server-process';
import { fmt, median, percentile } from './stats';

export const READERS = 500;
const POSTS_PER_SECOND = 20;
const POSTING_FOR_MS = 30_000;
/** How long the readers have, after the last post, for the events still on their way. */
const DRAIN_MS = 5_000;
const READY_TIMEOUT_MS = 60_000;

interface Reader {
  /** When each comment's first `comment` event reached this reader (performance.now()). */
  arrivals: Map<string, number>;
  ready: Promise<void>;
  closed: string | undefined;
  close(): void;
}

type Auth = { authorization: string };

const eventsUrl = (server: ServerProcess, lessonId: string) => `${server.url}/api/course/lessons/${lessonId}/comments/events`;

/** The stream route's status for this member, the stream dropped at once. */
function probe(url: string, auth: Auth): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: auth }, (response) => {
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    request.on('error', reject);
  });
}

/**
 * The comment's id in a `comment` event's data. Readers of one kind get the same text, so the
 * JSON is parsed once for them all, not once per reader: the 10,000 parses a second would be the
 * bench's own delay, added to the stamps of the readers that wait behind them.
 */
function commentIds(): (data: string) => string {
  const ids = new Map<string, string>();
  return (data) => {
    let id = ids.get(data);
    if (id === undefined) {
      // The posts' texts are few at any time: the oldest are dropped, not kept for the whole run.
      if (ids.size >= 1000) ids.clear();
      ids.set(data, (id = (JSON.parse(data) as { comment: { _id: string } }).comment._id));
    }
    return id;
  };
}

/** One reader: parses the stream's events as they come, stamping each chunk's arrival before any parsing. */
function openReader(url: string, auth: Auth, agent: http.Agent, commentId: (data: string) => string): Reader {
  const arrivals = new Map<string, number>();
  let markReady: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const reader: Reader = {
    arrivals,
    ready: new Promise<void>((resolve, reject) => {
      markReady = resolve;
      fail = reject;
    }),
    closed: undefined,
    close: () => request.destroy(),
  };
  let buffer = '';
  const onEvent = (block: string, at: number) => {
    let name = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (name === 'ready') markReady();
    else if (name === 'comment') {
      const id = commentId(data.join('\n'));
      if (!arrivals.has(id)) arrivals.set(id, at);
    } else if (name === 'closed') reader.closed = data.join('\n');
  };
  const request = http.get(url, { agent, headers: { ...auth, accept: 'text/event-stream' } }, (response) => {
    if (response.statusCode !== 200) {
      fail(new Error(`${url}: ${response.statusCode}`));
      response.resume();
      return;
    }
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      const at = performance.now();
      buffer += chunk.replace(/\r\n/g, '\n');
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        onEvent(buffer.slice(0, end), at);
        buffer = buffer.slice(end + 2);
      }
    });
  });
  request.on('error', (error) => fail(error));
  return reader;
}

interface Post {
  sentAt: number;
  id: string | undefined;
  ms: number;
}

/** One admin post over the kept-alive agent: its id (undefined if refused) and its answer's time. */
function post(agent: http.Agent, url: string, auth: Auth, n: number, failures: Map<string, number>): Promise<Post> {
  const body = JSON.stringify({ body: `Live comment ${n}: does the **observer** part hold?` });
  return new Promise((resolve) => {
    const sentAt = performance.now();
    const failed = (why: string) => {
      failures.set(why, (failures.get(why) ?? 0) + 1);
      resolve({ sentAt, id: undefined, ms: performance.now() - sentAt });
    };
    const request = http.request(
      url,
      { agent, method: 'POST', headers: { ...auth, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (response.statusCode !== 201) return failed(`${response.statusCode} ${text.slice(0, 120)}`);
          resolve({ sentAt, id: (JSON.parse(text) as { comment: { _id: string } }).comment._id, ms: performance.now() - sentAt });
        });
      },
    );
    request.on('error', (error) => failed(error.message));
    request.end(body);
  });
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

/**
 * The figure on `processes` (readers spread over them in turn, posts through the first), or a line
 * saying it was skipped while the route answers 404 (it is built on another branch).
 */
export async function streamFigure(processes: readonly ServerProcess[], lessonId: string, members: readonly Auth[], admin: Auth): Promise<void> {
  const status = await probe(eventsUrl(processes[0]!, lessonId), members[0]!);
  if (status === 404) {
    console.log(`  live stream: skipped, GET /api/course/lessons/{id}/comments/events answers 404 (the route is not on this branch yet)`);
    return;
  }
  if (status !== 200) throw new Error(`the lesson's event stream answered ${status} to a member who may open it`);
  const agent = new http.Agent({ keepAlive: true });
  const commentId = commentIds();
  const readers = members.slice(0, READERS).map((auth, i) => openReader(eventsUrl(processes[i % processes.length]!, lessonId), auth, agent, commentId));
  const postAgent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  try {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(readers.map((reader) => reader.ready)),
      new Promise(
        (_, reject) => (timer = setTimeout(() => reject(new Error(`not every reader had its ready event within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS)),
      ),
    ]);
    clearTimeout(timer);
    // What this process's own event loop adds to a reader's stamp: the bench reads 10,000 events a second.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const url = `${processes[0]!.url}/api/course/lessons/${lessonId}/comments`;
    const failures = new Map<string, number>();
    const start = performance.now() + 100;
    const count = (POSTS_PER_SECOND * POSTING_FOR_MS) / 1000;
    const posts = await Promise.all(
      Array.from({ length: count }, async (_, n) => {
        await sleepUntil(start + (n * 1000) / POSTS_PER_SECOND);
        return post(postAgent, url, admin, n, failures);
      }),
    );
    const posted = posts.filter((p): p is Post & { id: string } => p.id !== undefined);
    const drainEnd = performance.now() + DRAIN_MS;
    while (performance.now() < drainEnd && readers.some((reader) => posted.some((p) => !reader.arrivals.has(p.id)))) await sleepUntil(performance.now() + 100);
    loopDelay.disable();
    const delays: number[] = [];
    const byProcess = processes.map(() => [] as number[]);
    let missing = 0;
    for (const [i, reader] of readers.entries()) {
      for (const p of posted) {
        const at = reader.arrivals.get(p.id);
        if (at === undefined) missing++;
        else {
          delays.push(at - p.sentAt);
          byProcess[i % processes.length]!.push(at - p.sentAt);
        }
      }
    }
    const closed = readers.filter((reader) => reader.closed !== undefined).length;
    const line = (times: number[]) =>
      `p50 ${fmt(median(times), 1)} ms, p95 ${fmt(percentile(times, 95), 1)} ms, p99 ${fmt(percentile(times, 99), 1)} ms, max ${fmt(percentile(times, 100), 1)} ms`;
    const answers = posts.map((p) => p.ms);
    console.log(
      `  live stream: ${readers.length} readers over ${processes.length} process(es), ${posted.length} of ${count} posts at ${POSTS_PER_SECOND}/s through the first; ` +
        `post-to-delivery ${line(delays)} over ${delays.length.toLocaleString('en')} deliveries; missing ${missing}; streams closed by the server ${closed}`,
    );
    if (processes.length > 1)
      console.log(`    by the readers' process: ${byProcess.map((times, i) => `#${i + 1} p99 ${fmt(percentile(times, 99), 1)} ms`).join(', ')}`);
    console.log(
      `    the POSTs' answers: p50 ${fmt(median(answers), 1)} ms, p99 ${fmt(percentile(answers, 99), 1)} ms; the bench's own event-loop delay meanwhile p99 ${fmt(loopDelay.percentile(99) / 1e6, 1)} ms`,
    );
    for (const [why, n] of failures) console.log(`    ${n} × post refused: ${why}`);
  } finally {
    for (const reader of readers) reader.close();
    agent.destroy();
    postAgent.destroy();
  }
}

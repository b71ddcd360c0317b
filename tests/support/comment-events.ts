// A reader of a lesson's comment event stream (CONTRACT §9) over real HTTP, with the bearer header,
// frames parsed as they come. For the discussion's tests and the scale suite. node:http with a
// socket of its own per stream rather than fetch, whose pool may hold a spare socket open that
// keeps a closing server waiting.
import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

export interface StreamEvent {
  event: string;
  data: unknown;
}

export interface CommentEventReader {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body of a refusal (not a stream). */
  refusal?: unknown;
  /** Every event so far, in order. */
  events: StreamEvent[];
  /** The next event not yet taken that matches, within `timeoutMs`. */
  next(match?: string | ((event: StreamEvent) => boolean), timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openCommentEvents(baseUrl: string, lessonId: string, token: string | undefined): Promise<CommentEventReader> {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    request(`${baseUrl}/api/course/lessons/${lessonId}/comments/events`, { agent: false, headers: token ? { authorization: `Bearer ${token}` } : {} }, resolve)
      .on('error', reject)
      .end();
  });
  response.setEncoding('utf8');
  const close = () => response.destroy();
  const events: StreamEvent[] = [];
  let taken = 0;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  if (!response.headers['content-type']?.startsWith('text/event-stream')) {
    let body = '';
    for await (const chunk of response) body += chunk as string;
    return {
      status: response.statusCode!,
      headers: response.headers,
      refusal: JSON.parse(body),
      events,
      next: () => Promise.reject(new Error('not a stream')),
      ended: Promise.resolve(),
      close,
    };
  }
  const ended = (async () => {
    let buffer = '';
    try {
      for await (const value of response) {
        buffer += value as string;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
          const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
          events.push(event ? { event, data: data === undefined ? undefined : JSON.parse(data) } : { event: 'comment-line', data: block });
          wake();
        }
      }
    } catch {
      // Destroyed by close().
    }
    wake();
  })();
  let finished = false;
  void ended.then(() => (finished = true));
  const matches = (match: string | ((event: StreamEvent) => boolean) | undefined, event: StreamEvent) =>
    match === undefined ? event.event !== 'comment-line' : typeof match === 'string' ? event.event === match : match(event);
  return {
    status: response.statusCode!,
    headers: response.headers,
    events,
    ended,
    close,
    next(match, timeoutMs = 2000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          for (; taken < events.length;) {
            const event = events[taken++]!;
            if (matches(match, event)) {
              cleanup();
              resolve(event);
              return;
            }
          }
          if (finished) {
            cleanup();
            reject(new Error(`the stream ended without ${String(match)}; got ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no ${String(match)} within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(look);
        };
        waiters.add(look);
        look();
      });
    },
  };
}

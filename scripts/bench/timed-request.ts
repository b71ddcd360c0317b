// One HTTP request of a bench's simulated member, timed from its sending to its answer's end, over
// the member's own agent; and the wait for a moment of their schedule.
import http from 'node:http';

export interface TimedAnswer {
  status: number;
  ms: number;
  body: string;
}

/** One request over `agent`: its status, body and time from the request to the answer's end (a network error is status 0). */
export function timedRequest(agent: http.Agent, url: string, method: string, headers: Record<string, string>, body?: string): Promise<TimedAnswer> {
  return new Promise((resolve) => {
    const sent = performance.now();
    const request = http.request(
      url,
      { agent, method, headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - sent, body: Buffer.concat(chunks).toString() }));
        response.on('error', (error) => resolve({ status: 0, ms: performance.now() - sent, body: error.message }));
      },
    );
    request.on('error', (error) => resolve({ status: 0, ms: performance.now() - sent, body: error.message }));
    request.end(body);
  });
}

/** Resolves at `at` on performance.now()'s clock, or at once if it has passed. */
export const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

// The registry of open comment streams, without HTTP or a database: what needs neither. A gap in
// the event bus sends `ready` again (the client reloads the first page), keep-alive lines flow, a
// closing app ends every stream, and a client that goes leaves the registry.
import type { FastifyBaseLogger } from 'fastify';
import type { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { MemoryEventBus } from '../events/memory-event-bus';
import { CommentStreams } from './comment-streams';

const reader = { userId: 'u1', tokenId: 't1', issuedAtMs: 0 };
let registry: CommentStreams | undefined;
afterEach(() => registry?.close());

function start(keepAliveMs?: number) {
  const events = new MemoryEventBus();
  registry = new CommentStreams({ db: {} as Db, events, clock: Date.now, log: {} as FastifyBaseLogger }, keepAliveMs);
  return { events, registry };
}

/** Everything the stream has buffered so far. */
const unread = (out: PassThrough) => {
  const chunks: string[] = [];
  for (let chunk: unknown; (chunk = out.read()) !== null;) chunks.push(String(chunk));
  return chunks.join('');
};

describe('the open comment streams of a process', () => {
  it('says ready at once, and again when the bus may have missed events', () => {
    const { events, registry } = start();
    const out = registry.open('lesson-1', reader);
    expect(unread(out)).toBe('event: ready\ndata: {}\n\n');
    events.publish('events-missed');
    expect(unread(out)).toBe('event: ready\ndata: {}\n\n');
  });

  it('sends keep-alive comment lines', async () => {
    const { registry } = start(20);
    const out = registry.open('lesson-1', reader);
    unread(out);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unread(out)).toMatch(/^(: keep-alive\n\n)+$/);
  });

  it('forgets a stream whose client went, and ends the others when the app closes', async () => {
    const { registry } = start();
    const gone = registry.open('lesson-1', reader);
    const staying = registry.open('lesson-2', reader);
    expect(registry.size).toBe(2);
    gone.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(registry.size).toBe(1);
    registry.close();
    expect(staying.writableEnded).toBe(true);
    expect(registry.size).toBe(0);
  });

  it('does nothing for a comment event of a lesson nobody here reads', () => {
    const { events } = start();
    // A database of {} would throw were it read.
    expect(() => events.publish('comment-changed', { lessonId: 'elsewhere', threadId: 'c1' })).not.toThrow();
  });
});

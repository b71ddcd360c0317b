// The discussion's live stream (GET /api/course/lessons/{id}/comments/events): read with fetch,
// because EventSource cannot send the bearer header. A dropped connection is tried again with
// backoff (reconnect-delay.ts) and the wait starts over once the server says `ready`; a refusal
// (4xx: the lesson locked, the session gone) and the server's `closed` end it for good, the
// latter with its message. A new token (another sign-in) opens a new stream.
import { useEffect, useEffectEvent, useState } from 'react';
import type { Comment } from '@shared/discussion';
import { useToken } from '@/lib/session';
import { RECONNECT_FIRST_MS, nextBase, reconnectDelay } from './reconnect-delay';
import { createSseParser, type SseEvent } from './sse-parser';

export interface CommentStreamHandlers {
  /** A top-level thread as this reader may see it, replies included: in place of the one with its `_id`, or new. */
  onComment: (thread: Comment) => void;
  /** A thread this reader may no longer see. */
  onRemoved: (id: string) => void;
  /** The stream is (again) open: whatever happened while it was not is read from the first page. */
  onReady: () => void;
}

export const commentEventsPath = (lessonId: string) => `/api/course/lessons/${encodeURIComponent(lessonId)}/comments/events`;

type Outcome = 'closed' | 'refused' | 'dropped';

function parsed(data: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads one connection to its end: the server's `closed`, a refusal, or a drop. */
async function readOnce(path: string, token: string, signal: AbortSignal, onEvent: (event: SseEvent) => void): Promise<Outcome> {
  const response = await fetch(path, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' }, signal, cache: 'no-store' });
  if (!response.ok) return response.status >= 500 || response.status === 429 ? 'dropped' : 'refused';
  if (!response.body) return 'dropped';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let closed = false;
  const parser = createSseParser((event) => {
    if (event.event === 'closed') closed = true;
    onEvent(event);
  });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return 'dropped';
    parser.feed(decoder.decode(value, { stream: true }));
    if (closed) {
      void reader.cancel().catch(() => {});
      return 'closed';
    }
  }
}

/** The stream of `lessonId`'s discussion while mounted; answers the server's `closed` message once it came. */
export function useCommentStream(lessonId: string, handlers: CommentStreamHandlers): { closed: string | null } {
  const token = useToken();
  // Keyed by the stream it ended, so that another lesson or sign-in starts without it.
  const [closed, setClosed] = useState<{ key: string; message: string } | null>(null);
  const key = `${lessonId} ${token ?? ''}`;

  const handle = useEffectEvent((event: SseEvent, streamKey: string) => {
    const data = parsed(event.data);
    if (event.event === 'ready') handlers.onReady();
    else if (event.event === 'comment' && data?.comment && typeof data.comment === 'object') handlers.onComment(data.comment as Comment);
    else if (event.event === 'removed' && typeof data?._id === 'string') handlers.onRemoved(data._id);
    else if (event.event === 'closed')
      setClosed({ key: streamKey, message: typeof data?.message === 'string' ? data.message : 'The live updates have stopped.' });
  });

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    const streamKey = `${lessonId} ${token}`;
    let base = RECONNECT_FIRST_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      let outcome: Outcome;
      try {
        outcome = await readOnce(commentEventsPath(lessonId), token, controller.signal, (event) => {
          if (event.event === 'ready') base = RECONNECT_FIRST_MS;
          handle(event, streamKey);
        });
      } catch {
        outcome = 'dropped';
      }
      if (controller.signal.aborted || outcome !== 'dropped') return;
      timer = setTimeout(() => void connect(), reconnectDelay(base));
      base = nextBase(base);
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [lessonId, token]);

  return { closed: closed?.key === key ? closed.message : null };
}

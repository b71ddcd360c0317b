// What the lesson page's tests answer for the discussion when they are about something else: an
// empty first page, and a live stream that stays open saying nothing.
import { commentEventsPath } from './use-comment-stream';

export const NO_COMMENTS = { comments: [], nextCursor: null };

/** The stream's request for `lessonId`, answered with a connection that never ends. */
export function quietStream(url: string, lessonId: string): Promise<Response> | null {
  return url.startsWith(commentEventsPath(lessonId)) ? new Promise<Response>(() => {}) : null;
}

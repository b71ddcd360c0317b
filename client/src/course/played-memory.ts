// What a member played of a lesson on this device, across visits. The browser forgets media.played
// at each load and the server keeps only the total (CONTRACT §4: playedSeconds never goes down), so
// without this a member who watches the first half one day and the second half the next stays at
// 50 % and the lesson never completes by itself. Kept in localStorage under the member's and the
// lesson's ids; on another device the count starts again, and Mark complete is always there.
import type { Span } from './played-seconds';

// A long lesson watched in many pieces is still a short list once merged; a corrupt one is capped.
const MAX_SPANS = 500;

export const playedKey = (userId: string, lessonId: string) => `course-played:${userId}:${lessonId}`;

const isSpan = (value: unknown): value is Span =>
  Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number' && Number.isFinite(n)) && value[0] < value[1];

export function readPlayedSpans(userId: string | null, lessonId: string): Span[] {
  if (!userId) return [];
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(playedKey(userId, lessonId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isSpan).slice(0, MAX_SPANS) : [];
  } catch {
    // Storage disabled (privacy modes) or a value written by something else: this visit counts alone.
    return [];
  }
}

export function writePlayedSpans(userId: string | null, lessonId: string, spans: readonly Span[]) {
  if (!userId) return;
  try {
    localStorage.setItem(playedKey(userId, lessonId), JSON.stringify(spans.slice(0, MAX_SPANS).map(([start, end]) => [start, end])));
  } catch {
    // Full or disabled storage: the server still has the total so far.
  }
}

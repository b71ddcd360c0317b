// PUT /api/course/lessons/{id}/progress (CONTRACT §4) with fetch's keepalive: the request outlives
// the page when it is being closed, and unlike navigator.sendBeacon it can carry the bearer header.
import { getToken } from '../lib/session';
import type { LessonProgress } from './lesson-progress-answers';

export interface ProgressSave {
  positionSeconds: number;
  playedSeconds: number;
}

/**
 * `saved` carries the progress as the server left it (a completion the save brought included);
 * `refused` means asking again will not help (401, 403, 404: signed out, locked, deleted, or a
 * server without the route yet), so the saver stops; `failed` is anything that might pass later.
 */
export type SaveOutcome = { outcome: 'saved'; progress: LessonProgress } | { outcome: 'refused' } | { outcome: 'failed' };

export const progressPath = (lessonId: string) => `/api/course/lessons/${encodeURIComponent(lessonId)}/progress`;

export async function saveProgress(lessonId: string, save: ProgressSave): Promise<SaveOutcome> {
  const token = getToken();
  if (!token) return { outcome: 'refused' };
  try {
    const response = await fetch(progressPath(lessonId), {
      method: 'PUT',
      keepalive: true,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(save),
    });
    if (response.ok) return { outcome: 'saved', progress: (await response.json()) as LessonProgress };
    return { outcome: [401, 403, 404].includes(response.status) ? 'refused' : 'failed' };
  } catch {
    // Offline, or the page went away before an answer: the next save carries the same or more.
    return { outcome: 'failed' };
  }
}

// PUT /api/course/lessons/{id}/progress (CONTRACT §4) with fetch's keepalive: the request outlives
// the page when it is being closed, and unlike navigator.sendBeacon it can carry the bearer header.
import { getToken } from '../lib/session';

export interface ProgressSave {
  positionSeconds: number;
  playedSeconds: number;
}

/**
 * `refused` means asking again will not help (401, 403, 404: signed out, locked, deleted, or a
 * server without the route yet), so the saver stops; `failed` is anything that might pass later.
 */
export type SaveOutcome = 'saved' | 'refused' | 'failed';

export const progressPath = (lessonId: string) => `/api/course/lessons/${encodeURIComponent(lessonId)}/progress`;

export async function saveProgress(lessonId: string, save: ProgressSave): Promise<SaveOutcome> {
  const token = getToken();
  if (!token) return 'refused';
  try {
    const response = await fetch(progressPath(lessonId), {
      method: 'PUT',
      keepalive: true,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(save),
    });
    if (response.ok) return 'saved';
    return [401, 403, 404].includes(response.status) ? 'refused' : 'failed';
  } catch {
    // Offline, or the page went away before an answer: the next save carries the same or more.
    return 'failed';
  }
}

// How the Course Manager names a lesson's kind and its duration.
import type { LessonKind } from '@shared/course';

export const KIND_LABELS: Record<LessonKind, string> = { text: 'Text', video: 'Video', audio: 'Audio', quiz: 'Quiz' };

/** 75 → "1:15", 3725 → "1:02:05"; null (no media, or none read) → null. */
export function formatDuration(seconds: number | null): string | null {
  if (seconds === null) return null;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

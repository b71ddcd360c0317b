// The lesson page's progress has two writers: Mark complete (tRPC) and the player's saves (fetch
// with keepalive). Each answer is the progress as the server left it, completedAt included, so
// each goes straight into the lesson's data: the button and "Completed" follow a completion the
// player's save brought (90 % played) without a reload. Answers can arrive out of order, so one
// is taken only if no save begun after it has been answered yet: a late answer never undoes a
// newer one (a save in flight when the member clicks Mark incomplete).
import { useCallback, useRef } from 'react';
import { trpc } from '../lib/trpc';

export interface LessonProgress {
  positionSeconds: number;
  playedSeconds: number;
  completedAt: string | null;
}

/** Called when a save is sent; answers where its answer goes. */
export type BeginSave = () => (progress: LessonProgress) => void;

export function useLessonProgressAnswers(lessonId: string): BeginSave {
  const utils = trpc.useUtils();
  const begun = useRef(0);
  // Per lesson: the page stays mounted from one lesson to the next, and a save of the lesson left
  // behind may be answered after the next one's.
  const applied = useRef(new Map<string, number>());
  return useCallback(() => {
    const ticket = ++begun.current;
    return (progress) => {
      if (ticket < (applied.current.get(lessonId) ?? 0)) return;
      applied.current.set(lessonId, ticket);
      let completionChanged = false;
      utils.course.lesson.setData({ id: lessonId }, (reading) => {
        if (!reading) return reading;
        completionChanged = reading.progress.completedAt !== progress.completedAt;
        return { ...reading, progress };
      });
      if (completionChanged) {
        // The dashboard's counts and the certificate follow.
        void utils.course.progress.invalidate();
        void utils.course.certificate.invalidate();
      }
    };
  }, [lessonId, utils]);
}

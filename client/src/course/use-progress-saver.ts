// Issue 26 "Progress that is never lost": the position is saved every 10 s while playing, on pause,
// when the page is hidden or closed, and when the member leaves the lesson inside the site. Nothing
// is sent until the member has played or moved something, so merely opening a lesson does not make
// it the one "touched last" (CONTRACT §4 `resume`).
import { useEffect, useEffectEvent } from 'react';
import { useToken, userIdOf } from '../lib/session';
import { readPlayedSpans, writePlayedSpans } from './played-memory';
import { playedSpans, secondsIn, type Span } from './played-seconds';
import type { BeginSave } from './lesson-progress-answers';
import { saveProgress, type ProgressSave } from './save-progress';

export const SAVE_EVERY_MS = 10_000;

/**
 * Saves `media`'s progress on `lessonId`. `startSeconds` is where the lesson opened: a position
 * equal to it with nothing played is not news. After a refusal (signed out, lesson locked or gone)
 * the saver goes quiet for this lesson. `onSaveBegun` says where each save's answer goes (the
 * lesson page's data: lesson-progress-answers.ts).
 */
export function useProgressSaver(lessonId: string, media: HTMLMediaElement | null, startSeconds: number, onSaveBegun?: BeginSave) {
  const userId = userIdOf(useToken());
  // Read when a save is sent, so that a new function from the page does not restart the saver.
  const begin = useEffectEvent(() => onSaveBegun?.());
  useEffect(() => {
    if (!media) return;
    // This visit's media.played joins what earlier visits on this device played (played-memory.ts).
    const earlier = readPlayedSpans(userId, lessonId);
    let last: ProgressSave = { positionSeconds: Math.floor(startSeconds), playedSeconds: secondsIn(earlier) };
    let refused = false;
    let timer: ReturnType<typeof setInterval> | undefined;

    const snapshot = (): ProgressSave => {
      const spans: Span[] = playedSpans(media.duration, earlier, media.played);
      writePlayedSpans(userId, lessonId, spans);
      return { positionSeconds: Math.floor(media.currentTime || 0), playedSeconds: secondsIn(spans) };
    };
    const save = () => {
      if (refused) return;
      const next = snapshot();
      if (next.positionSeconds === last.positionSeconds && next.playedSeconds === last.playedSeconds) return;
      last = next;
      const answer = begin();
      void saveProgress(lessonId, next).then((result) => {
        if (result.outcome === 'refused') refused = true;
        if (result.outcome === 'saved') answer?.(result.progress);
      });
    };
    const stopTimer = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const onPlay = () => {
      stopTimer();
      timer = setInterval(save, SAVE_EVERY_MS);
    };
    const onPause = () => {
      stopTimer();
      save();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') save();
    };

    media.addEventListener('play', onPlay);
    media.addEventListener('pause', onPause);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', save);
    if (!media.paused) onPlay();
    return () => {
      media.removeEventListener('play', onPlay);
      media.removeEventListener('pause', onPause);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', save);
      stopTimer();
      // Leaving the lesson inside the site (Next, a link): no pagehide comes, so save now.
      save();
    };
  }, [lessonId, media, startSeconds, userId]);
}

// Issue 26 "Progress that is never lost": the position is saved every 10 s while playing, on pause,
// when the page is hidden or closed, and when the member leaves the lesson inside the site. Nothing
// is sent until the member has played or moved something, so merely opening a lesson does not make
// it the one "touched last" (CONTRACT §4 `resume`).
import { useEffect } from 'react';
import { playedSecondsOf } from './played-seconds';
import { saveProgress, type ProgressSave } from './save-progress';

export const SAVE_EVERY_MS = 10_000;

function snapshot(media: HTMLMediaElement): ProgressSave {
  return { positionSeconds: Math.floor(media.currentTime || 0), playedSeconds: playedSecondsOf(media.played, media.duration) };
}

/**
 * Saves `media`'s progress on `lessonId`. `startSeconds` is where the lesson opened: a position
 * equal to it with nothing played is not news. After a refusal (signed out, lesson locked or gone)
 * the saver goes quiet for this lesson.
 */
export function useProgressSaver(lessonId: string, media: HTMLMediaElement | null, startSeconds: number) {
  useEffect(() => {
    if (!media) return;
    let last: ProgressSave = { positionSeconds: Math.floor(startSeconds), playedSeconds: 0 };
    let refused = false;
    let timer: ReturnType<typeof setInterval> | undefined;

    const save = () => {
      if (refused) return;
      const next = snapshot(media);
      if (next.positionSeconds === last.positionSeconds && next.playedSeconds === last.playedSeconds) return;
      last = next;
      void saveProgress(lessonId, next).then((outcome) => {
        if (outcome === 'refused') refused = true;
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
  }, [lessonId, media, startSeconds]);
}

// Puts the media at its start position once the browser knows its length, and plays it if the
// member came by auto-advance (the click that started the previous lesson allows that).
import { useEffect } from 'react';
import { play, seek } from './media-commands';
import { resumeTime } from './start-position';

export function useResume(media: HTMLMediaElement | null, start: number, autoplay: boolean) {
  useEffect(() => {
    if (!media) return;
    const apply = () => {
      const at = resumeTime(start, media.duration);
      if (at > 0) seek(media, at);
      if (autoplay) play(media);
    };
    // 1 is HAVE_METADATA: the duration is known.
    if (media.readyState >= 1) {
      apply();
      return;
    }
    media.addEventListener('loadedmetadata', apply, { once: true });
    return () => media.removeEventListener('loadedmetadata', apply);
  }, [media, start, autoplay]);
}

// A video or audio lesson's transcript lines for the "Where is this taught?" picker. No admin call
// hands out cues yet, so they are read as the member's transcript reads them: the lesson's first
// captions file (its signed URL from course.lesson, which an admin may open whatever its state),
// parsed by the browser's own WebVTT parser through a <track> of a media element that is never
// shown or played (no second parser in the bundle). A call answering the stored cues would
// replace this file alone (the lead is asked for one: see the report of issue 35's admin side).
import { useEffect, useState } from 'react';
import { serverMessage } from '@/lib/server-message';
import { trpc } from '@/lib/trpc';
import type { CueLine } from './quiz-moment';

export type LessonCues =
  { state: 'loading' } | { state: 'no-captions' } | { state: 'failed'; reason: string } | { state: 'ready'; cues: CueLine[]; label: string };

function linesOf(track: TextTrack): CueLine[] {
  const list = track.cues;
  if (!list) return [];
  return Array.from({ length: list.length }, (_, index) => list[index]!)
    .map((cue) => {
      const vtt = cue as Partial<VTTCue>;
      const text = typeof vtt.getCueAsHTML === 'function' ? (vtt.getCueAsHTML().textContent ?? '') : (vtt.text ?? '');
      return { startSeconds: cue.startTime, endSeconds: cue.endTime, text: text.replace(/\s+/g, ' ').trim() };
    })
    .filter((line) => line.text !== '');
}

/** The cues of the captions at `url`, read by the browser; null while they load. */
function useTrackCues(url: string | null): { url: string; lines: CueLine[] | 'failed' } | null {
  const [read, setRead] = useState<{ url: string; lines: CueLine[] | 'failed' } | null>(null);
  useEffect(() => {
    if (!url) return;
    const media = document.createElement('audio');
    const element = document.createElement('track');
    element.kind = 'captions';
    element.src = url;
    media.append(element);
    // A disabled track is never fetched.
    element.track.mode = 'hidden';
    const onLoad = () => setRead({ url, lines: linesOf(element.track) });
    const onError = () => setRead({ url, lines: 'failed' });
    element.addEventListener('load', onLoad);
    element.addEventListener('error', onError);
    return () => {
      element.removeEventListener('load', onLoad);
      element.removeEventListener('error', onError);
      element.track.mode = 'disabled';
    };
  }, [url]);
  return read && read.url === url ? read : null;
}

export function useLessonCues(lessonId: string): LessonCues {
  const lesson = trpc.course.lesson.useQuery({ id: lessonId }, { staleTime: 10 * 60_000 });
  const captions = lesson.data?.lesson.media?.captions[0] ?? null;
  const read = useTrackCues(captions?.url ?? null);
  if (lesson.error) return { state: 'failed', reason: serverMessage(lesson.error, 'the server did not answer') };
  if (!lesson.data) return { state: 'loading' };
  if (!captions) return { state: 'no-captions' };
  if (!read) return { state: 'loading' };
  if (read.lines === 'failed') return { state: 'failed', reason: 'its captions file could not be read' };
  return { state: 'ready', cues: read.lines, label: captions.label || captions.lang };
}

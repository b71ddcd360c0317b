// The lesson page's media region (issue 26 "The player"): the player, the transcript beside it
// (below it on phones), and auto-advance. Mounted once per lesson (keyed by its id by the page):
// the signed URLs and the start position are taken when it mounts, so a refetch of the lesson,
// whose URLs carry a new expiry, never reloads a playing video.
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { CommentMoment } from './discussion/comment-moments';
import type { LessonMediaFile } from './lesson-media-types';
import type { BeginSave } from './lesson-progress-answers';
import { MediaPlayer } from './media-player';
import { usePlayerPreferences } from './player-preferences';
import { momentOf, startPosition } from './start-position';
import { seek } from './media-commands';
import { stopOnceAt } from './stop-at';
import { TranscriptPanel } from './transcript-panel';
import { useCaptionCues } from './use-caption-cues';
import { useProgressSaver } from './use-progress-saver';
import { useResume } from './use-resume';
import './lesson-media.css';

interface LessonMediaProps {
  lessonId: string;
  title: string;
  kind: string;
  file: LessonMediaFile;
  positionSeconds: number;
  nextId: string | null;
  /** Where the answers of the player's saves go (the lesson page's data). */
  onSaveBegun?: BeginSave;
  /** The moments the discussion's comments are pinned to: marks on the timeline, counts in the transcript. */
  moments?: readonly CommentMoment[];
  /** Hands the media element to the page, for the discussion's "at 12:04" and its seeks. */
  onMediaChange?: (media: HTMLMediaElement | null) => void;
}

/** Sent with the navigation to the next lesson when auto-advance takes the member there. */
interface AdvanceState {
  autoplay?: boolean;
}

export function LessonMedia({ lessonId, title, kind, file, positionSeconds, nextId, onSaveBegun, moments, onMediaChange }: LessonMediaProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [opened] = useState(() => ({
    /** The navigation that mounted the player: its `?t=` is the start position. */
    locationKey: location.key,
    file,
    start: startPosition(searchParams.get('t'), positionSeconds),
    autoplay: (location.state as AdvanceState | null)?.autoplay === true,
  }));
  const elementKind = kind === 'audio' || opened.file.type.startsWith('audio/') ? 'audio' : 'video';
  const [media, setMedia] = useState<HTMLMediaElement | null>(null);
  // Captions start off on a video; an audio lesson's chooser picks the transcript's language.
  const [caption, setCaption] = useState(elementKind === 'audio' ? 0 : -1);
  const [preferences, setPreferences] = usePlayerPreferences();
  const transcript = useCaptionCues(media, caption, elementKind === 'video');

  useEffect(() => {
    onMediaChange?.(media);
    return () => onMediaChange?.(null);
  }, [media, onMediaChange]);

  useResume(media, opened.start, opened.autoplay);
  useProgressSaver(lessonId, media, opened.start, onSaveBegun);

  // The moment of a search hit (and the end of a quiz's Rewatch passage) is used once: a reload
  // later resumes where the member got to. A hit on the lesson already open is a new address for
  // the same page, which keeps this player (and its start position) mounted: that moment is sought
  // here. Either way the element must be there, for the pause at the end.
  const stopping = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!searchParams.has('t') || !media) return;
    const moment = momentOf(searchParams.get('t'));
    if (location.key !== opened.locationKey && moment !== null) seek(media, moment);
    const end = momentOf(searchParams.get('end'));
    stopping.current?.();
    stopping.current = moment !== null && end !== null && end > moment ? stopOnceAt(media, end) : null;
    const rest = new URLSearchParams(searchParams);
    rest.delete('t');
    rest.delete('end');
    setSearchParams(rest, { replace: true });
  }, [searchParams, setSearchParams, location.key, opened.locationKey, media]);
  useEffect(() => () => stopping.current?.(), []);

  useEffect(() => {
    if (!media || !nextId || !preferences.autoAdvance) return;
    const advance = () => void navigate(`/course/${nextId}`, { state: { autoplay: true } satisfies AdvanceState });
    media.addEventListener('ended', advance);
    return () => media.removeEventListener('ended', advance);
  }, [media, nextId, preferences.autoAdvance, navigate]);

  return (
    <section className={opened.file.captions.length > 0 ? 'lesson-media lesson-media--with-transcript' : 'lesson-media'} aria-label="Lesson media">
      <div className="lesson-media__player">
        <MediaPlayer
          kind={elementKind}
          file={opened.file}
          title={title}
          media={media}
          onMedia={setMedia}
          caption={caption}
          onCaptionChange={setCaption}
          speed={preferences.speed}
          onSpeedChange={(speed) => setPreferences({ speed })}
          startSeconds={opened.start}
          quality={preferences.quality}
          onQualityChange={(quality) => setPreferences({ quality })}
          moments={moments}
        />
        {nextId && (
          <label className="lesson-media__advance">
            <input type="checkbox" checked={preferences.autoAdvance} onChange={(event) => setPreferences({ autoAdvance: event.currentTarget.checked })} />
            Go on to the next lesson when this one ends
          </label>
        )}
      </div>
      {opened.file.captions.length > 0 && <TranscriptPanel {...transcript} moments={moments} onSeek={(seconds) => media && seek(media, seconds)} />}
    </section>
  );
}

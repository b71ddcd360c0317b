// The lesson's video or audio on the native element, without the browser's controls: ours
// (player-controls.tsx) carry the captions chooser, the remembered speed and full screen with
// them, all by keyboard (decision 027). Captions are the media's <track> elements. It plays the
// lesson's HLS stream once there is one, with its poster before play and a quality menu where
// hls.js plays it (use-stream-source.ts, decision 048).
import { useEffect, useState } from 'react';
import type { CommentMoment } from './discussion/comment-moments';
import type { LessonMediaFile } from './lesson-media-types';
import { setSpeed, togglePlay } from './media-commands';
import { PlayerControls } from './player-controls';
import { QualityMenu } from './quality-menu';
import { useMediaState } from './use-media-state';
import { useStreamSource } from './use-stream-source';

interface MediaPlayerProps {
  kind: 'video' | 'audio';
  file: LessonMediaFile;
  title: string;
  media: HTMLMediaElement | null;
  onMedia: (element: HTMLMediaElement | null) => void;
  caption: number;
  onCaptionChange: (index: number) => void;
  speed: number;
  onSpeedChange: (speed: number) => void;
  /** Where the lesson opens, in seconds: the stream loads from there. */
  startSeconds: number;
  /** The remembered quality: a height, null for Auto. */
  quality: number | null;
  onQualityChange: (height: number | null) => void;
  /** The moments comments are pinned to, marked on the timeline. */
  moments?: readonly CommentMoment[];
}

export function MediaPlayer(props: MediaPlayerProps) {
  const { kind, file, title, media, onMedia, caption, onCaptionChange, speed, onSpeedChange } = props;
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const [state, refresh] = useMediaState(media);
  const source = useStreamSource(media, file, { startSeconds: props.startSeconds, preferredHeight: props.quality });

  useEffect(() => {
    if (media) setSpeed(media, speed);
  }, [media, speed]);

  const tracks = file.captions.map((captions) => (
    <track key={captions.url} kind="captions" src={captions.url} srcLang={captions.lang} label={captions.label} />
  ));
  // A click on the picture plays and pauses, as in every player; the Play button is the keyboard's way.
  const toggle = () => media && togglePlay(media);

  return (
    <div ref={setFrame} className={`media-player media-player--${kind}`}>
      {kind === 'video' ? (
        <video
          ref={onMedia}
          className="media-player__media"
          src={source.src}
          poster={file.stream?.poster ?? undefined}
          preload="metadata"
          playsInline
          aria-label={title}
          onClick={toggle}
        >
          {tracks}
        </video>
      ) : (
        <audio ref={onMedia} className="media-player__media" src={source.src} preload="metadata" aria-label={title}>
          {tracks}
        </audio>
      )}
      {media && (
        <PlayerControls
          media={media}
          kind={kind}
          state={state}
          refresh={refresh}
          fullscreenTarget={kind === 'video' ? frame : null}
          captions={file.captions}
          caption={caption}
          onCaptionChange={onCaptionChange}
          onSpeedChange={onSpeedChange}
          qualityMenu={source.quality && <QualityMenu quality={source.quality} onChosen={props.onQualityChange} />}
          moments={props.moments}
        />
      )}
    </div>
  );
}

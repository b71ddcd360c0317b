// CONTRACT §7 "Delivery": what the lesson's media element plays. The HLS stream once the transcode is
// done: as it is where the browser's own HLS plays it (Apple's), through hls.js elsewhere, loaded
// only then as its own chunk (decision 048); the original file before that, and as the quiet
// fallback when the stream cannot play (the member keeps their place and is told nothing alarming).
import { useCallback, useEffect, useRef, useState } from 'react';
import type HlsPlayer from 'hls.js/light';
import { probeBrowser, streamPlayerFor, type StreamPlayer } from './hls-support';
import type { LessonMediaFile } from './lesson-media-types';
import { play, seek } from './media-commands';
import { AUTO, levelForHeight, qualityLevels, type QualityLevel } from './quality-levels';

export interface StreamQuality {
  /** The renditions by height, highest first (at least two, else there is nothing to choose). */
  levels: readonly QualityLevel[];
  /** The chosen level's index, or AUTO. */
  choice: number;
  /** The level playing now (hls.js's LEVEL_SWITCHED), -1 before the first. */
  playing: number;
  choose: (level: number) => void;
}

export interface StreamSource {
  /** The element's src attribute; undefined while hls.js feeds it through MediaSource. */
  src: string | undefined;
  /** The quality menu's data: null without hls.js's levels (native HLS, the original, audio). */
  quality: StreamQuality | null;
}

interface StreamOptions {
  /** Where the lesson opens: hls.js loads from there first, not from the start. */
  startSeconds: number;
  /** The member's remembered height, null for Auto (player-preferences.ts). */
  preferredHeight: number | null;
}

/**
 * Where the stream was when it fell back: the original picks up from there. At 0 (it never got
 * going), the start position is still use-resume.ts's to apply.
 */
interface Handover {
  at: number;
  playing: boolean;
}

function initialPlayer(file: LessonMediaFile): StreamPlayer {
  return file.stream ? streamPlayerFor(probeBrowser()) : 'original';
}

/**
 * `file` and the options are read when the player mounts (lesson-media.tsx keeps them): a change
 * later never restarts what plays.
 */
export function useStreamSource(media: HTMLMediaElement | null, file: LessonMediaFile, options: StreamOptions): StreamSource {
  const [player, setPlayer] = useState<StreamPlayer>(() => initialPlayer(file));
  const [levels, setLevels] = useState<readonly QualityLevel[]>([]);
  const [choice, setChoice] = useState(AUTO);
  const [playing, setPlaying] = useState(-1);
  const hlsRef = useRef<HlsPlayer | null>(null);
  const handover = useRef<Handover | null>(null);
  const [opened] = useState(() => ({ url: file.url, stream: file.stream, ...options }));

  useEffect(() => {
    if (player !== 'hls.js' || !media || !opened.stream) return;
    const streamUrl = opened.stream.url;
    let stopped = false;
    let hls: HlsPlayer | null = null;
    const fallBack = () => {
      handover.current = { at: media.currentTime, playing: !media.paused };
      // Before React sets the original's src: hls.js's detach clears the element's src.
      hls?.destroy();
      hls = hlsRef.current = null;
      setLevels([]);
      setPlayer('original');
    };
    import('hls.js/light').then(
      ({ default: Hls }) => {
        if (stopped) return;
        if (!Hls.isSupported()) return fallBack();
        const instance = new Hls({ startPosition: opened.startSeconds > 0 ? opened.startSeconds : -1, capLevelToPlayerSize: true });
        hls = hlsRef.current = instance;
        // One try at recovery per failure: a fatal error while still recovering (before a new piece
        // of the stream arrived) means the stream will not play here. A master playlist that never
        // loaded (hls.js has retried it already) has nothing to recover.
        let recovering = false;
        let parsed = false;
        instance.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
          parsed = true;
          const found = qualityLevels(data.levels);
          const menu = found.length > 1 ? found : [];
          setLevels(menu);
          const preferred = levelForHeight(menu, opened.preferredHeight);
          if (preferred !== AUTO) instance.currentLevel = preferred;
          setChoice(preferred);
        });
        instance.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => setPlaying(data.level));
        instance.on(Hls.Events.FRAG_BUFFERED, () => (recovering = false));
        instance.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (recovering || !parsed) return fallBack();
          recovering = true;
          if (data.type === Hls.ErrorTypes.MEDIA_ERROR) instance.recoverMediaError();
          else if (data.type === Hls.ErrorTypes.NETWORK_ERROR) instance.startLoad(-1);
          else fallBack();
        });
        instance.attachMedia(media);
        instance.loadSource(streamUrl);
      },
      // The chunk did not arrive (offline, a new deployment meanwhile): the original plays.
      () => {
        if (!stopped) fallBack();
      },
    );
    return () => {
      stopped = true;
      hls?.destroy();
      hls = hlsRef.current = null;
    };
  }, [player, media, opened]);

  // The browser's own HLS refusing the stream: the original instead.
  useEffect(() => {
    if (player !== 'native' || !media) return;
    const onError = () => {
      handover.current = { at: media.currentTime, playing: !media.paused };
      setPlayer('original');
    };
    media.addEventListener('error', onError);
    return () => media.removeEventListener('error', onError);
  }, [player, media]);

  // After a fallback, the original goes on from where the stream was.
  useEffect(() => {
    const from = handover.current;
    if (player !== 'original' || !media || !from) return;
    const pickUp = () => {
      handover.current = null;
      if (from.at > 0) seek(media, from.at);
      if (from.playing) play(media);
    };
    media.addEventListener('loadedmetadata', pickUp, { once: true });
    return () => media.removeEventListener('loadedmetadata', pickUp);
  }, [player, media]);

  const choose = useCallback((level: number) => {
    const hls = hlsRef.current;
    if (!hls) return;
    // nextLevel switches from the next piece on, without emptying what is buffered (no rebuffer).
    hls.nextLevel = level;
    setChoice(level);
  }, []);

  const src = player === 'original' ? opened.url : player === 'native' ? opened.stream?.url : undefined;
  return { src, quality: levels.length > 0 ? { levels, choice, playing, choose } : null };
}

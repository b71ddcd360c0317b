// The cues of the chosen captions track as the browser parsed them (TextTrack.cues, in mode
// 'hidden' or 'showing': no second WebVTT parser here), and which one is current. The track
// element says when its cues have loaded ('load') and when the current cue changes ('cuechange',
// fired at the element as well as at its TextTrack).
import { useEffect, useState } from 'react';
import { applyCaptionModes } from './media-commands';

export interface Cue {
  start: number;
  /** Plain text: the browser's own rendering of the cue read back as text, its tags dropped. */
  text: string;
  source: TextTrackCue;
}

export interface CaptionCues {
  cues: Cue[];
  /** Index into `cues` of the current line, else -1. */
  current: number;
  /** Whether a track feeds the transcript (false: the media has no captions). */
  hasTrack: boolean;
}

function textOf(cue: TextTrackCue): string {
  const vtt = cue as Partial<VTTCue>;
  if (typeof vtt.getCueAsHTML === 'function') return vtt.getCueAsHTML().textContent ?? '';
  return vtt.text ?? '';
}

function cuesOf(track: TextTrack | undefined): Cue[] {
  const list = track?.cues;
  if (!list) return [];
  return Array.from({ length: list.length }, (_, index) => list[index]!).map((cue) => ({ start: cue.startTime, text: textOf(cue), source: cue }));
}

/** Of the cues active now, the one that began last. */
function currentIndex(track: TextTrack | undefined, cues: readonly Cue[]): number {
  const active = track?.activeCues;
  if (!active || active.length === 0) return -1;
  let latest = active[0]!;
  for (let index = 1; index < active.length; index += 1) if (active[index]!.startTime >= latest.startTime) latest = active[index]!;
  return cues.findIndex((cue) => cue.source === latest);
}

/** `selected` indexes the media's <track> elements, -1 for captions off. */
export function useCaptionCues(media: HTMLMediaElement | null, selected: number, showOnMedia: boolean): CaptionCues {
  const [state, setState] = useState<CaptionCues>({ cues: [], current: -1, hasTrack: false });
  useEffect(() => {
    if (!media) return;
    // The modes first: a disabled track has no cues to read.
    const element = applyCaptionModes(media, selected, showOnMedia);
    const onLoad = () => {
      const cues = cuesOf(element?.track);
      setState({ cues, current: currentIndex(element?.track, cues), hasTrack: element !== null });
    };
    const onCueChange = () => setState((before) => ({ ...before, current: currentIndex(element?.track, before.cues) }));
    // A track loaded before (chosen again) sends no second 'load'.
    onLoad();
    if (!element) return;
    element.addEventListener('load', onLoad);
    element.addEventListener('cuechange', onCueChange);
    return () => {
      element.removeEventListener('load', onLoad);
      element.removeEventListener('cuechange', onCueChange);
    };
  }, [media, selected, showOnMedia]);
  return state;
}

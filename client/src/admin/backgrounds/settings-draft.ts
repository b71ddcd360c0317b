// The Global Slider Settings form's values as typed (spec §3 "Slider config", §5): millisecond
// fields keep the text the admin is typing and become integers only when pushed, so a field can
// be cleared and retyped without jumping to 0 on the way.
import { parseOverlayColor, type SliderConfig } from '@shared/slider';

export type Rgb = [number, number, number];

export interface SettingsDraft {
  backgroundsBasePath: string;
  activePlaylist: string;
  cycleTime: string;
  transitionDuration: string;
  overlayOpacity: number;
  overlayColor: Rgb;
  randomOrder: boolean;
}

/** Spec §5: millisecond fields parse as integers, defaulting to 0 ("1500.7" is 1500, "" is 0). */
export function parseMs(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isFinite(value) ? value : 0;
}

/** Spec §5: colour components are integers 0 to 255. */
export function colorComponent(value: number): number {
  return Number.isFinite(value) ? Math.min(255, Math.max(0, Math.round(value))) : 0;
}

export function draftOf(config: SliderConfig): SettingsDraft {
  return {
    backgroundsBasePath: config.backgroundsBasePath,
    activePlaylist: config.activePlaylist,
    cycleTime: String(config.cycleTime),
    transitionDuration: String(config.transitionDuration),
    overlayOpacity: config.overlayOpacity,
    overlayColor: parseOverlayColor(config.overlayColor).map(colorComponent) as Rgb,
    randomOrder: config.randomOrder,
  };
}

export function configOf(draft: SettingsDraft): SliderConfig {
  return {
    backgroundsBasePath: draft.backgroundsBasePath.trim(),
    activePlaylist: draft.activePlaylist,
    cycleTime: parseMs(draft.cycleTime),
    transitionDuration: parseMs(draft.transitionDuration),
    overlayOpacity: draft.overlayOpacity,
    overlayColor: draft.overlayColor.map(colorComponent).join(','),
    randomOrder: draft.randomOrder,
  };
}

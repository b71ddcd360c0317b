// Turns the public slider answer into what the slideshow plays: a list of slides and sane timings.
// The server validates what it stores, but this runs on every page view against whatever arrives,
// so anything malformed is dropped here rather than breaking the background.
import { parseOverlayColor, SLIDER_DEFAULTS, type PublicSliderConfig, type Slide } from '@shared/slider';

export interface ShowSettings {
  cycleTime: number;
  transitionDuration: number;
  randomOrder: boolean;
}

export interface OverlaySettings {
  /** A CSS colour, `rgb(r, g, b)`. */
  color: string;
  /** 0 to 1. */
  opacity: number;
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isSrc = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function slideList(value: unknown): Slide[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry): Slide[] =>
    isRecord(entry) && (entry.type === 'image' || entry.type === 'video') && isSrc(entry.src) ? [{ type: entry.type, src: entry.src }] : [],
  );
}

function urlList(value: unknown, type: Slide['type']): Slide[] {
  return Array.isArray(value) ? value.filter(isSrc).map((src) => ({ type, src })) : [];
}

/** The slides to play: `slides` when it has any, else the images then the videos (spec §2). */
export function slidesFromData(data: unknown): Slide[] {
  if (!isRecord(data)) return [];
  const slides = slideList(data.slides);
  return slides.length > 0 ? slides : [...urlList(data.images, 'image'), ...urlList(data.videos, 'video')];
}

function wholeMs(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : fallback;
}

export function configFromData(data: unknown): PublicSliderConfig {
  const config = isRecord(data) && isRecord(data.config) ? data.config : {};
  const opacity = config.overlayOpacity;
  return {
    activePlaylist: typeof config.activePlaylist === 'string' ? config.activePlaylist : SLIDER_DEFAULTS.activePlaylist,
    cycleTime: wholeMs(config.cycleTime, SLIDER_DEFAULTS.cycleTime),
    transitionDuration: wholeMs(config.transitionDuration, SLIDER_DEFAULTS.transitionDuration),
    overlayOpacity: typeof opacity === 'number' && opacity >= 0 && opacity <= 1 ? opacity : SLIDER_DEFAULTS.overlayOpacity,
    overlayColor: typeof config.overlayColor === 'string' ? config.overlayColor : SLIDER_DEFAULTS.overlayColor,
    randomOrder: typeof config.randomOrder === 'boolean' ? config.randomOrder : SLIDER_DEFAULTS.randomOrder,
  };
}

export function overlayFromConfig(config: PublicSliderConfig): OverlaySettings {
  const [r, g, b] = parseOverlayColor(config.overlayColor).map((c) => Math.min(255, Math.max(0, c)));
  return { color: `rgb(${r}, ${g}, ${b})`, opacity: config.overlayOpacity };
}

/**
 * The slide shown when motion is unwelcome (prefers-reduced-motion): the first image, so that
 * nothing moves at all; only when the list has no image, the first video, held on its first frame.
 */
export function stillSlideIndex(slides: readonly Slide[]): number | null {
  if (slides.length === 0) return null;
  const image = slides.findIndex((slide) => slide.type === 'image');
  return image >= 0 ? image : 0;
}

// The slideshow's settings and playlists (spec §3 "Slider config", "Playlist", "Public slider
// response"; CONTRACT "Slider and playlists"), shared by the Background Manager, the slider and the
// server. Zod-free, because the slider is on every page: the schemas are in slider-schemas.ts.

export const MAX_DURATION_MS = 3_600_000;
export const MAX_PLAYLIST_ITEMS = 1000;
export const PLAYLIST_NAME_MAX_LENGTH = 100;

export const SLIDE_TYPES = ['image', 'video'] as const;
export type SlideType = (typeof SLIDE_TYPES)[number];

export interface SliderConfig {
  backgroundsBasePath: string;
  /** A playlist id, or '' for none. */
  activePlaylist: string;
  /** Milliseconds, integers from 0 to MAX_DURATION_MS. */
  cycleTime: number;
  transitionDuration: number;
  /** 0 to 1. */
  overlayOpacity: number;
  /** 'r,g,b', each an integer from 0 to 255. */
  overlayColor: string;
  randomOrder: boolean;
}
/** What visitors see of the config: the base path is a server detail (CONTRACT). */
export type PublicSliderConfig = Omit<SliderConfig, 'backgroundsBasePath'>;

export const SLIDER_DEFAULTS: PublicSliderConfig = {
  activePlaylist: '',
  cycleTime: 8000,
  transitionDuration: 1500,
  overlayOpacity: 0.2,
  overlayColor: '0,0,0',
  randomOrder: false,
};

/** '12,34,56' as [12, 34, 56]; components that are missing or not numbers read as 0. */
export function parseOverlayColor(value: string): [number, number, number] {
  const parts = value.split(',').map((part) => Number.parseInt(part, 10));
  return [0, 1, 2].map((i) => (Number.isFinite(parts[i]) ? parts[i]! : 0)) as [number, number, number];
}

export interface PlaylistItem {
  type: SlideType;
  /** /media/{path} */
  url: string;
}

/** Spec §3: items take precedence; a playlist without them plays its images, then its videos. */
export function playlistItems(playlist: Pick<Playlist, 'items' | 'images' | 'videos'>): PlaylistItem[] {
  if (playlist.items.length > 0) return playlist.items;
  return [...playlist.images.map((url): PlaylistItem => ({ type: 'image', url })), ...playlist.videos.map((url): PlaylistItem => ({ type: 'video', url }))];
}

export interface Playlist {
  _id: string;
  name: string;
  items: PlaylistItem[];
  images: string[];
  videos: string[];
  createdAt: string;
  updatedAt: string;
}

export interface Slide {
  type: SlideType;
  src: string;
}

export interface PublicSliderData {
  slides: Slide[];
  images: string[];
  videos: string[];
  config: PublicSliderConfig;
}

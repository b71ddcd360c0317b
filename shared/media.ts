// The media library's rules (spec §5, §9), shared by the upload form and the server.

export const MEDIA_CATEGORIES = ['image', 'video', 'audio'] as const;
export type MediaCategory = (typeof MEDIA_CATEGORIES)[number];

/** How messages name each media type: "Please select valid images files.", "No audio found." (spec §2, §5). */
export const MEDIA_TYPE_WORDS: Record<MediaCategory, string> = { image: 'images', video: 'videos', audio: 'audio' };

/** Spec §5's refusal of files not allowed for the chosen media type, from the form and the server alike. */
export const invalidTypesMessage = (names: string, category: MediaCategory) =>
  `Invalid file types: ${names}. Please select valid ${MEDIA_TYPE_WORDS[category]} files.`;

/** Spec §5's refusal of files over the limit; `names` lists each with its size, as the form knows it. */
export const tooLargeMessage = (names: string) => `Files too large (max 200MB): ${names}`;

/** 1536 → "1.5 KB"; sizes are powers of 1024, as the 200MB limit is. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** The largest page of a library listing: the admin grids load theirs as they scroll. */
export const MEDIA_PAGE_MAX = 1000;

/** Spec §9: 200 MB per file. */
export const MAX_UPLOAD_BYTES = 209_715_200;

export const MEDIA_EXTENSIONS: Record<MediaCategory, readonly string[]> = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'svg'],
  video: ['mp4', 'webm', 'ogg', 'mov', 'avi', 'mkv', 'm4v'],
  audio: ['mp3', 'wav', 'ogg', 'm4a', 'flac', 'aac', 'wma'],
};

export const MEDIA_MIME_TYPES: Record<MediaCategory, readonly string[]> = {
  image: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp', 'image/x-ms-bmp', 'image/svg+xml'],
  video: ['video/mp4', 'video/webm', 'video/ogg', 'video/quicktime', 'video/x-msvideo', 'video/avi', 'video/x-matroska', 'video/x-m4v'],
  audio: [
    'audio/mpeg',
    'audio/mp3',
    'audio/wav',
    'audio/x-wav',
    'audio/wave',
    'audio/ogg',
    'audio/mp4',
    'audio/x-m4a',
    'audio/flac',
    'audio/x-flac',
    'audio/aac',
    'audio/x-ms-wma',
  ],
};

/** The lower-cased extension of a file name, without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export interface MediaFile {
  /** Relative to the base path, beginning with image/, video/ or audio/. */
  path: string;
  name: string;
  size: number;
  category: MediaCategory;
}

/** The cache-busting version of library urls: the last scan's time in milliseconds (spec §7). */
export function scanVersion(scanTimestamp: string | null | undefined): string | undefined {
  const ms = scanTimestamp ? Date.parse(scanTimestamp) : NaN;
  return Number.isFinite(ms) ? String(ms) : undefined;
}

function encodedPath(relative: string): string {
  return relative.split('/').map(encodeURIComponent).join('/');
}

const withVersion = (url: string, version: string | undefined) => (version ? `${url}?v=${version}` : url);

/** Where a library file is served: `/media/{path}`, with `?v=` when a version is known. */
export function mediaUrl(relative: string, version?: string): string {
  return withVersion(`/media/${encodedPath(relative)}`, version);
}

/** The library path a `/media/{path}` url names (any `?v=` aside), or null when it names none. */
export function pathOfMediaUrl(url: string): string | null {
  const prefix = '/media/';
  if (!url.startsWith(prefix)) return null;
  const encoded = url.slice(prefix.length).split('?')[0]!;
  try {
    return encoded.split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
}

/** The small WebP thumbnail of a library image (admin grids): `/thumbs/{path}`. */
export function thumbnailUrl(relative: string, version?: string): string {
  return withVersion(`/thumbs/${encodedPath(relative)}`, version);
}

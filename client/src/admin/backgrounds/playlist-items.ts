// The editing list of a playlist (spec §3 "Playlist", §4 playlist editing, §5 save rule) as plain
// functions over arrays, so the hook that holds it stays about state.
import { mediaUrl, type MediaFile } from '@shared/media';
import type { PlaylistItem } from '@shared/slider';

/** A playlist's url for a library file: unversioned, so it stays valid after the next scan. */
export function itemUrl(file: Pick<MediaFile, 'path'>): string {
  return mediaUrl(file.path);
}

/** Spec §4: clicking a library file adds it, or removes it if it is already in the list. */
export function toggleFile(items: readonly PlaylistItem[], file: MediaFile): PlaylistItem[] {
  const url = itemUrl(file);
  if (items.some((item) => item.url === url)) return items.filter((item) => item.url !== url);
  return [...items, { type: file.category === 'video' ? 'video' : 'image', url }];
}

export function removeAt<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index);
}

/** Spec §5: on save, items whose file is no longer in the library lists are dropped. */
export function keepInLibrary(items: readonly PlaylistItem[], libraryUrls: ReadonlySet<string>): PlaylistItem[] {
  return items.filter((item) => libraryUrls.has(item.url));
}

/** What a playlist update sends: the ordered items, and the images and videos lists that older readers use. */
export function contentOf(items: readonly PlaylistItem[]) {
  return {
    items: [...items],
    images: items.filter((item) => item.type === 'image').map((item) => item.url),
    videos: items.filter((item) => item.type === 'video').map((item) => item.url),
  };
}

export function sameItems(a: readonly PlaylistItem[], b: readonly PlaylistItem[]): boolean {
  return a.length === b.length && a.every((item, i) => item.url === b[i]?.url && item.type === b[i]?.type);
}

/**
 * Ids for the drag-and-drop list that stay put while items move: the url, plus its occurrence
 * number in case a playlist made elsewhere holds the same file twice.
 */
export function itemKeys(items: readonly PlaylistItem[]): string[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const n = (seen.get(item.url) ?? 0) + 1;
    seen.set(item.url, n);
    return n === 1 ? item.url : `${item.url}#${n}`;
  });
}

/** The file name a url ends in, for items whose file is no longer in the library. */
export function nameFromUrl(url: string): string {
  const last = url.split('?')[0]?.split('/').pop() ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

export function countLabel(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

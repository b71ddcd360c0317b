// What the audit trail says about a change to the slideshow's settings or a playlist.
import type { Playlist, SliderConfig } from '../../shared/slider';
import { changesSummary, count, quoted, type FieldChange } from '../audit/summary';

export const SLIDER_CONFIG_TARGET = { type: 'slider', id: 'config' } as const;
export const playlistTarget = (id: string) => ({ type: 'playlist', id }) as const;

/**
 * "changed cycle time 8000 ms → 5000 ms, active playlist none → “Dawn”". `playlistName` names a
 * playlist by its id (the id itself once it is gone).
 */
export function configChangesSummary(before: SliderConfig, after: SliderConfig, playlistName: (id: string) => string): string {
  const playlist = (id: string) => (id ? quoted(playlistName(id)) : 'none');
  const ms = (value: number) => `${value} ms`;
  const onOff = (value: boolean) => (value ? 'on' : 'off');
  return changesSummary([
    { label: 'base path', before: quoted(before.backgroundsBasePath), after: quoted(after.backgroundsBasePath) },
    { label: 'active playlist', before: playlist(before.activePlaylist), after: playlist(after.activePlaylist) },
    { label: 'cycle time', before: ms(before.cycleTime), after: ms(after.cycleTime) },
    { label: 'transition', before: ms(before.transitionDuration), after: ms(after.transitionDuration) },
    { label: 'overlay opacity', before: before.overlayOpacity, after: after.overlayOpacity },
    { label: 'overlay color', before: before.overlayColor, after: after.overlayColor },
    { label: 'random order', before: onOff(before.randomOrder), after: onOff(after.randomOrder) },
  ]);
}

const itemCount = (playlist: Playlist) => count(playlist.items.length, 'item');

/** "created “Dawn” with 3 items" */
export const playlistCreatedSummary = (playlist: Playlist) => `created ${quoted(playlist.name)} with ${itemCount(playlist)}`;

/** "“Dawn”: changed name “Dawn” → “Dusk”, items 3 → 4"; lists of the same length that differ: "items (reordered or replaced)". */
export function playlistUpdatedSummary(before: Playlist, after: Playlist): string {
  const list = (label: 'items' | 'images' | 'videos'): FieldChange | string | [] => {
    const [was, is] = [before[label], after[label]];
    if (was.length !== is.length) return { label, before: was.length, after: is.length };
    return JSON.stringify(was) === JSON.stringify(is) ? [] : `${label} (reordered or replaced)`;
  };
  const changes = changesSummary([
    { label: 'name', before: quoted(before.name), after: quoted(after.name) },
    ...[list('items'), list('images'), list('videos')].flat(),
  ]);
  return `${quoted(before.name)}: ${changes}`;
}

/** "deleted “Dawn” (3 items), the active playlist: the slideshow now shows the whole library" */
export function playlistDeletedSummary(playlist: Playlist, wasActive: boolean): string {
  const summary = `deleted ${quoted(playlist.name)} (${itemCount(playlist)})`;
  return wasActive ? `${summary}, the active playlist: the slideshow now shows the whole library` : summary;
}

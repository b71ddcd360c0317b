import { describe, expect, it } from 'vitest';
import type { MediaFile } from '@shared/media';
import { playlistItems, type PlaylistItem } from '@shared/slider';
import { moveItem } from '@/lib/move-item';
import { contentOf, itemKeys, keepInLibrary, nameFromUrl, removeAt, sameItems, toggleFile } from './playlist-items';

const file = (path: string, category: MediaFile['category'] = 'image'): MediaFile => ({ path, name: path.split('/').pop()!, size: 1, category });
const image = (url: string): PlaylistItem => ({ type: 'image', url });
const video = (url: string): PlaylistItem => ({ type: 'video', url });

describe('the editing list of a playlist', () => {
  it('takes the items, or without any the images then the videos', () => {
    expect(playlistItems({ items: [video('/media/video/v.mp4')], images: ['/media/image/a.png'], videos: [] })).toEqual([video('/media/video/v.mp4')]);
    expect(playlistItems({ items: [], images: ['/media/image/a.png'], videos: ['/media/video/v.mp4'] })).toEqual([
      image('/media/image/a.png'),
      video('/media/video/v.mp4'),
    ]);
  });

  it('adds a clicked file at the end with its unversioned, encoded url, and takes it out on the next click', () => {
    const added = toggleFile([image('/media/image/a.png')], file('image/sun rise.png'));
    expect(added).toEqual([image('/media/image/a.png'), image('/media/image/sun%20rise.png')]);
    expect(toggleFile(added, file('image/sun rise.png'))).toEqual([image('/media/image/a.png')]);
    expect(toggleFile([], file('video/v.mp4', 'video'))).toEqual([video('/media/video/v.mp4')]);
  });

  it('moves and removes by index, leaving bad indexes alone', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
    expect(removeAt(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });

  it('drops on save what the library no longer has (spec §5)', () => {
    const items = [image('/media/image/a.png'), image('/media/image/gone.png'), video('/media/video/v.mp4')];
    expect(keepInLibrary(items, new Set(['/media/image/a.png', '/media/video/v.mp4']))).toEqual([items[0], items[2]]);
  });

  it('sends the ordered items with the images and videos lists beside them', () => {
    const items = [video('/media/video/v.mp4'), image('/media/image/a.png')];
    expect(contentOf(items)).toEqual({ items, images: ['/media/image/a.png'], videos: ['/media/video/v.mp4'] });
  });

  it('gives each item a drag id that survives reordering, even for a file listed twice', () => {
    const items = [image('/media/image/a.png'), image('/media/image/b.png'), image('/media/image/a.png')];
    expect(itemKeys(items)).toEqual(['/media/image/a.png', '/media/image/b.png', '/media/image/a.png#2']);
    expect(new Set(itemKeys(moveItem(items, 2, 0))).size).toBe(3);
  });

  it('compares lists by order, and names an item by its url when its file is gone', () => {
    expect(sameItems([image('/media/image/a.png')], [image('/media/image/a.png')])).toBe(true);
    expect(sameItems([image('/media/image/a.png'), image('/media/image/b.png')], [image('/media/image/b.png'), image('/media/image/a.png')])).toBe(false);
    expect(nameFromUrl('/media/image/sun%20rise.png?v=1')).toBe('sun rise.png');
    expect(nameFromUrl('/media/image/100%.png')).toBe('100%.png');
  });
});
